package helperreturn

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/twmb/franz-go/pkg/kgo"
)

// latest decodes the poll, commits it and returns the offers to an HTTP
// handler, which writes them after the commit: a failed write loses them.
func (v *offersView) latest(ctx context.Context) ([]offer, error) {
	fetches := v.cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return nil, err
	}
	var out []offer
	fetches.EachRecord(func(r *kgo.Record) {
		var o offer
		if json.Unmarshal(r.Value, &o) == nil {
			out = append(out, o)
		}
	})
	if err := v.cl.CommitUncommittedOffsets(ctx); err != nil { // want `call to CommitUncommittedOffsets before the polled records are processed`
		return nil, err
	}
	return out, nil
}

func (v *offersView) serve(mux *http.ServeMux) {
	mux.HandleFunc("/offers", func(w http.ResponseWriter, r *http.Request) {
		offers, err := v.latest(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if err := json.NewEncoder(w).Encode(offers); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	})
}

// peek is latest's twin: the handler commits after writing the offers.
func (v *offersView) peek(ctx context.Context) ([]offer, error) {
	fetches := v.cl.PollFetches(ctx)
	if err := fetches.Err(); err != nil {
		return nil, err
	}
	var out []offer
	fetches.EachRecord(func(r *kgo.Record) {
		var o offer
		if json.Unmarshal(r.Value, &o) == nil {
			out = append(out, o)
		}
	})
	return out, nil
}

func (v *offersView) servePeek(mux *http.ServeMux) {
	mux.HandleFunc("/peek", func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		offers, err := v.peek(ctx)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if err := json.NewEncoder(w).Encode(offers); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if err := v.cl.CommitUncommittedOffsets(ctx); err != nil { // ok: after the offers are written
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
}
