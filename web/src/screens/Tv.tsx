export function Tv({ code }: { code: string }) {
  return <p>{code}</p>;
}
