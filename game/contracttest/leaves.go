package contracttest

import (
	"fmt"
	"reflect"
	"strconv"
)

// leaves flattens a state, through pointers, structs, arrays, slices and
// maps, exported fields or not, into its leaf values by path, so states
// can be compared part by part ("s.Deck[3]", "s.Rand.S[0]").
func leaves(v any) map[string]string {
	out := map[string]string{}
	flatten(reflect.ValueOf(v), "", out, 0)
	return out
}

func flatten(v reflect.Value, path string, out map[string]string, depth int) {
	if depth > 12 {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			flatten(v.Elem(), path, out, depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			flatten(v.Field(i), path+"."+v.Type().Field(i).Name, out, depth+1)
		}
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			flatten(v.Index(i), path+"["+strconv.Itoa(i)+"]", out, depth+1)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			flatten(v.MapIndex(k), fmt.Sprintf("%s[%v]", path, k), out, depth+1)
		}
	case reflect.Bool:
		out[path] = strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		out[path] = strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		out[path] = strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		out[path] = strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case reflect.String:
		out[path] = v.String()
	}
}

// differing adds to set the paths whose leaves differ between a and b.
func differing(a, b map[string]string, set map[string]bool) {
	for p, x := range a {
		if b[p] != x {
			set[p] = true
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			set[p] = true
		}
	}
}
