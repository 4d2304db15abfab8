package game

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"harbor"
)

// DecodeOptions decodes raw (a JSON object, or empty or null for every
// default) into opts, a pointer to the game's options struct, using
// info.Options as the one statement of each option's default and range:
// an option raw leaves out takes its Default; a "bool" must be true or
// false, an "int" a whole number from Min to Max, a "choice" one of its
// Choices' values. Keys are matched exactly: a key in another case than
// the option's own, a key given twice and a key that is neither an option
// of info nor a field of opts are refused. Every refusal is an EInvalid
// error naming the key; opts is then left as it was.
func DecodeOptions(info Info, raw json.RawMessage, opts any) error {
	given := map[string]json.RawMessage{}
	if t := bytes.TrimSpace(raw); len(t) > 0 && string(t) != "null" {
		if err := DecodeStrict(t, &given); err != nil {
			return harbor.Errorf(harbor.EInvalid, "the rules options of %s are not a JSON object of options: %v", info.Name, err)
		}
	}
	full := make(map[string]any, len(info.Options)+len(given))
	for _, o := range info.Options {
		full[o.Key] = o.Default
		if v, ok := given[o.Key]; ok {
			if err := o.check(v); err != nil {
				return err
			}
			full[o.Key] = v
		}
	}
	var fields map[string]reflect.Type
	if t := plainType(reflect.TypeOf(opts)); t != nil && t.Kind() == reflect.Struct {
		fields = structFields(t)
	}
	for k, v := range given {
		if _, declared := full[k]; declared {
			continue
		}
		if _, ok := fields[k]; !ok {
			return unknownOption(info, k)
		}
		full[k] = v
	}
	dst := reflect.ValueOf(opts).Elem()
	fresh := reflect.New(dst.Type())
	enc, err := json.Marshal(full)
	if err == nil {
		err = DecodeStrict(enc, fresh.Interface())
	}
	if err != nil {
		return harbor.Errorf(harbor.EInvalid, "bad rules options for %s: %v", info.Name, err)
	}
	dst.Set(fresh.Elem())
	return nil
}

// check refuses a value v of option o that does not fit its kind and range.
func (o Option) check(v json.RawMessage) error {
	switch o.Kind {
	case "bool":
		var b bool
		if json.Unmarshal(v, &b) != nil {
			return harbor.Errorf(harbor.EInvalid, "the option %q is true or false, not %s", o.Key, v).With(harbor.M("api.optionBool", "option", o.Key))
		}
	case "int":
		var n int
		if json.Unmarshal(v, &n) != nil || n < o.Min || n > o.Max {
			return harbor.Errorf(harbor.EInvalid, "the option %q is a whole number from %d to %d, not %s", o.Key, o.Min, o.Max, v).With(harbor.M("api.optionInt", "option", o.Key, "min", o.Min, "max", o.Max))
		}
	case "choice":
		var c string
		if json.Unmarshal(v, &c) != nil || !slices.ContainsFunc(o.Choices, func(ch Choice) bool { return ch.Value == c }) {
			values := make([]string, len(o.Choices))
			for i, ch := range o.Choices {
				values[i] = `"` + ch.Value + `"`
			}
			return harbor.Errorf(harbor.EInvalid, "the option %q is one of %s, not %s", o.Key, strings.Join(values, ", "), v).With(harbor.M("api.optionChoice", "option", o.Key))
		}
	}
	return nil
}

// unknownOption is the error for a key that is no option of info, naming
// the option it differs from only in case, if any.
func unknownOption(info Info, key string) error {
	for _, o := range info.Options {
		if strings.EqualFold(o.Key, key) {
			return harbor.Errorf(harbor.EInvalid, "%s has no option %q (option names are case-sensitive: did you mean %q?)", info.Name, key, o.Key).With(harbor.M("api.noSuchOption", "game", info.Name, "option", key))
		}
	}
	return harbor.Errorf(harbor.EInvalid, "%s has no option %q", info.Name, key).With(harbor.M("api.noSuchOption", "game", info.Name, "option", key))
}
