package cluster

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// Records of several tunnels in one message come back out as they went
// in, and a message cut short is refused rather than read past its end.
func TestRecords(t *testing.T) {
	a, b := NewName()+NewName(), NewName()+NewName()
	m := appendRecord(nil, recDown, a, []byte("first frame"))
	m = appendRecord(m, recUp, b, []byte(`{"move":1}`))
	m = appendRecord(m, recDownEOF, a, nil)
	want := []struct {
		kind byte
		id   string
		data string
	}{{recDown, a, "first frame"}, {recUp, b, `{"move":1}`}, {recDownEOF, a, ""}}
	rest := m
	for i, w := range want {
		kind, id, data, r, ok := nextRecord(rest)
		if !ok || kind != w.kind || id != w.id || string(data) != w.data {
			t.Fatalf("record %d: %c %s %q %v, want %c %s %q", i, kind, id, data, ok, w.kind, w.id, w.data)
		}
		rest = r
	}
	if len(rest) != 0 {
		t.Fatalf("%d bytes left over", len(rest))
	}
	for _, cut := range []int{1, recHead - 1, recHead + 3} {
		if _, _, _, _, ok := nextRecord(m[:cut]); ok {
			t.Fatalf("a record cut to %d bytes was read", cut)
		}
	}
}

// A link message's head carries its number, kind and sender.
func TestLinkHead(t *testing.T) {
	m := make([]byte, headSize("node-a"), 64)
	putHead(m, 77, msgPing, "node-a")
	m = append(m, "body"...)
	seq, kind, from, body, ok := parseHead(m)
	if !ok || seq != 77 || kind != msgPing || from != "node-a" || string(body) != "body" {
		t.Fatalf("parseHead: %d %c %q %q %v", seq, kind, from, body, ok)
	}
	if _, _, _, _, ok := parseHead(m[:headSize("node-a")-1]); ok {
		t.Fatal("a head cut short was read")
	}
}

// testNATS is the NATS of the tests, as in the cluster tests.
func testNATS() string {
	if v := os.Getenv("HARBOR_TEST_NATS"); v != "" {
		return v
	}
	return "nats://127.0.0.1:4222"
}

// linkNode starts a Node on the test NATS under a prefix of its own, with
// no store and a server that answers nothing; the test plays the other
// node by publishing on the link itself.
func linkNode(t *testing.T, name string) (*Node, *nats.Conn, string) {
	t.Helper()
	nc, err := nats.Connect(testNATS(), nats.Timeout(5*time.Second))
	if err != nil {
		t.Fatalf("NATS at %s cannot be reached (set HARBOR_TEST_NATS, or run .ci/with-services): %v", testNATS(), err)
	}
	t.Cleanup(nc.Close)
	prefix := fmt.Sprintf("harborlink%x", rand.Uint64())
	n, err := New(Config{Name: name, NATS: nc, Prefix: prefix, Handler: http.NotFoundHandler()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Close)
	return n, nc, prefix
}

// message builds a link message from node from.
func message(seq uint32, kind byte, from string, body []byte) []byte {
	m := make([]byte, headSize(from))
	putHead(m, seq, kind, from)
	return append(m, body...)
}

// edgeFor registers an open edge tunnel into owner whose client is the
// returned end of a pipe.
func edgeFor(n *Node, owner string) (*edgeTunnel, net.Conn) {
	e := &edgeTunnel{n: n, id: NewName() + NewName(), owner: owner, link: n.peer(owner),
		ready: make(chan struct{}), done: make(chan struct{}), kick: make(chan struct{}, 1)}
	n.mu.Lock()
	n.edges[e.id] = e
	n.mu.Unlock()
	go e.writeDown()
	here, client := net.Pipe()
	e.attach(here)
	return e, client
}

func readWithin(t *testing.T, c net.Conn, k int) (string, error) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	b := make([]byte, k)
	_, err := io.ReadFull(c, b)
	return string(b), err
}

// What the owner sends reaches each tunnel's client, in order; a message
// with a number out of turn (the bus dropped one) ends every tunnel with
// that node, so no client reads a stream with a hole in it.
func TestLinkGapEndsTunnels(t *testing.T) {
	n, nc, prefix := linkNode(t, "edge")
	subject := prefix + ".link.edge"
	e1, c1 := edgeFor(n, "owner")
	e2, c2 := edgeFor(n, "owner")
	other, c3 := edgeFor(n, "third")

	body := appendRecord(nil, recDown, e1.id, []byte("one-"))
	body = appendRecord(body, recDown, e2.id, []byte("two-"))
	body = appendRecord(body, recDown, e1.id, []byte("three"))
	nc.Publish(subject, message(0, msgRecords, "owner", body))
	if got, err := readWithin(t, c1, len("one-three")); err != nil || got != "one-three" {
		t.Fatalf("first client read %q, %v", got, err)
	}
	if got, err := readWithin(t, c2, len("two-")); err != nil || got != "two-" {
		t.Fatalf("second client read %q, %v", got, err)
	}

	// Message 1 never comes; message 2 does.
	nc.Publish(subject, message(2, msgRecords, "owner", appendRecord(nil, recDown, e1.id, []byte("after the gap"))))
	for i, c := range []net.Conn{c1, c2} {
		if got, err := readWithin(t, c, 1); err == nil {
			t.Fatalf("client %d read %q after a lost message", i+1, got)
		}
	}
	select {
	case <-other.done:
		t.Fatal("a tunnel into another node ended with the lost message")
	default:
	}
	// Numbering goes on from the message after the gap.
	nc.Publish(prefix+".link.edge", message(0, msgRecords, "third", appendRecord(nil, recDown, other.id, []byte("ok"))))
	if got, err := readWithin(t, c3, 2); err != nil || got != "ok" {
		t.Fatalf("the third node's client read %q, %v", got, err)
	}
}

// ownerFor registers a tunnel from edge into n's server, as openTunnel
// does, listed from the edge's ping number first on.
func ownerFor(n *Node, edge string, first uint32) *ownerTunnel {
	o := &ownerTunnel{n: n, id: NewName() + NewName(), edge: edge, firstPing: first, link: n.peer(edge)}
	o.conn = newTunnelConn(o, addr("client"))
	n.mu.Lock()
	n.owners[o.id] = o
	n.mu.Unlock()
	return o
}

// An edge's ping lists its tunnels: the owner ends those it holds from
// that edge which the ping should list and does not (their end was lost),
// keeps those opened after the ping was made, and answers with the listed
// ones it does not hold.
func TestPingEndsUnlistedTunnels(t *testing.T) {
	n, nc, prefix := linkNode(t, "owner")
	kept := ownerFor(n, "edge", 0)
	dropped := ownerFor(n, "edge", 0)
	newer := ownerFor(n, "edge", 5) // opened after ping 4 was made
	fromOther := ownerFor(n, "other", 0)
	unknown := NewName() + NewName()

	body := binary.BigEndian.AppendUint32(nil, 4)
	body = append(body, kept.id...)
	body = append(body, unknown...)
	answer, err := nc.Request(prefix+".link.owner", message(0, msgPing, "edge", body), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(answer.Data, []byte(unknown)) {
		t.Fatalf("the owner answered %q, want the unknown tunnel %q", answer.Data, unknown)
	}
	if answer.Header.Get(fromHeader) != "owner" {
		t.Fatalf("the answer names %q as its sender", answer.Header.Get(fromHeader))
	}
	for _, c := range []struct {
		name  string
		o     *ownerTunnel
		ended bool
	}{{"the listed tunnel", kept, false}, {"the unlisted one", dropped, true}, {"the newer one", newer, false}, {"another edge's", fromOther, false}} {
		select {
		case <-c.o.conn.closed:
			if !c.ended {
				t.Errorf("%s ended", c.name)
			}
		default:
			if c.ended {
				t.Errorf("%s is still open", c.name)
			}
		}
	}
}

// Records gathered while another goroutine publishes go out with the next
// message, none left behind, and each message keeps the link's numbering.
func TestLinkSendsEverything(t *testing.T) {
	n, nc, prefix := linkNode(t, "owner")
	got := make(chan []byte, 1024)
	sub, err := nc.Subscribe(prefix+".link.edge", func(m *nats.Msg) { got <- m.Data })
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	nc.Flush()
	p := n.peer("edge")
	const writers, each = 8, 200
	done := make(chan struct{})
	for w := range writers {
		go func() {
			for i := range each {
				p.add(recDown, fmt.Sprintf("%024d", w), []byte(fmt.Sprintf("%d,", i)))
			}
			done <- struct{}{}
		}()
	}
	for range writers {
		<-done
	}
	seen := map[string]string{}
	records, want := 0, uint32(0)
	deadline := time.After(10 * time.Second)
	for records < writers*each {
		select {
		case m := <-got:
			seq, kind, from, body, ok := parseHead(m)
			if !ok || seq != want || kind != msgRecords || from != "owner" {
				t.Fatalf("message %d: %d %c %q %v", want, seq, kind, from, ok)
			}
			want++
			for len(body) > 0 {
				_, id, data, rest, ok := nextRecord(body)
				if !ok {
					t.Fatal("a damaged record")
				}
				seen[id] += string(data)
				records++
				body = rest
			}
		case <-deadline:
			t.Fatalf("%d of %d records arrived", records, writers*each)
		}
	}
	for w := range writers {
		var b bytes.Buffer
		for i := range each {
			fmt.Fprintf(&b, "%d,", i)
		}
		if id := fmt.Sprintf("%024d", w); seen[id] != b.String() {
			t.Fatalf("writer %d's records arrived as %q", w, seen[id])
		}
	}
	t.Logf("%d records in %d messages", records, want)
}
