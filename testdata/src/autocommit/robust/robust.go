// Package robust: shapes the analyzer does not model must neither panic
// nor report: generics, a large switch, closures, and clients reached only
// through interfaces.
package robust

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// poller is satisfied by *kgo.Client.
type poller interface {
	PollFetches(ctx context.Context) kgo.Fetches
	MarkCommitRecords(rs ...*kgo.Record)
}

// reader is satisfied by *kafka.Consumer.
type reader interface {
	ReadMessage(timeout time.Duration) (*kafka.Message, error)
	StoreMessage(m *kafka.Message) (storedOffsets []kafka.TopicPartition, err error)
}

// viaInterface uses a client it does not construct, through an interface.
func viaInterface(ctx context.Context, p poller) {
	for ctx.Err() == nil {
		p.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go p.MarkCommitRecords(r) // ok: interface-held client, not modelled
		})
	}
}

// readVia reads through an interface: the calls are not modelled calls.
func readVia(r reader) error {
	for {
		m, err := r.ReadMessage(time.Second) // ok: interface-held client
		if err != nil {
			return err
		}
		if _, err := r.StoreMessage(m); err != nil { // ok: interface-held client
			return err
		}
	}
}

// Batch is generic over its element.
type Batch[T any] struct {
	items []T
	flush func([]T) error
}

func (b *Batch[T]) Add(v T) error {
	b.items = append(b.items, v)
	if len(b.items) >= 100 {
		err := b.flush(b.items)
		b.items = b.items[:0]
		return err
	}
	return nil
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// genericConsumer hands a consumer to generic code.
func genericConsumer[C interface{ Close() error }](mk func() (C, error)) error {
	c, err := mk()
	if err != nil {
		return err
	}
	return c.Close()
}

// generic uses franz-go records in generic helpers and a closure-built
// client; the loop is synchronous.
func generic(ctx context.Context) error {
	mk := func() (*kgo.Client, error) {
		return kgo.NewClient(kgo.ConsumerGroup("robust"), kgo.DisableAutoCommit()) // ok: auto-commit off
	}
	cl, err := mk()
	if err != nil {
		return err
	}
	b := &Batch[*kgo.Record]{flush: func(rs []*kgo.Record) error {
		return cl.CommitRecords(ctx, rs...)
	}}
	for {
		recs := cl.PollFetches(ctx).Records()
		keys := Map(recs, func(r *kgo.Record) string { return string(r.Key) })
		_ = keys
		for _, r := range recs {
			if err := b.Add(r); err != nil {
				return err
			}
		}
	}
}

// confluentGeneric builds a confluent consumer inside a generic function
// instantiated below.
func confluentGeneric() error {
	return genericConsumer(func() (*kafka.Consumer, error) {
		return kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false}) // ok: auto-commit off
	})
}

// label is a large switch.
func label(n int, s string) string {
	switch n {
	case 0:
		return "0" + s
	case 1:
		return "1" + s
	case 2:
		return "2" + s
	case 3:
		return "3" + s
	case 4:
		return "4" + s
	case 5:
		return "5" + s
	case 6:
		return "6" + s
	case 7:
		return "7" + s
	case 8:
		return "8" + s
	case 9:
		return "9" + s
	case 10:
		return "10" + s
	case 11:
		return "11" + s
	case 12:
		return "12" + s
	case 13:
		return "13" + s
	case 14:
		return "14" + s
	case 15:
		return "15" + s
	case 16:
		return "16" + s
	case 17:
		return "17" + s
	case 18:
		return "18" + s
	case 19:
		return "19" + s
	case 20:
		return "20" + s
	case 21:
		return "21" + s
	case 22:
		return "22" + s
	case 23:
		return "23" + s
	case 24:
		return "24" + s
	case 25:
		return "25" + s
	case 26:
		return "26" + s
	case 27:
		return "27" + s
	case 28:
		return "28" + s
	case 29:
		return "29" + s
	case 30:
		return "30" + s
	case 31:
		return "31" + s
	case 32:
		return "32" + s
	case 33:
		return "33" + s
	case 34:
		return "34" + s
	case 35:
		return "35" + s
	case 36:
		return "36" + s
	case 37:
		return "37" + s
	case 38:
		return "38" + s
	case 39:
		return "39" + s
	case 40:
		return "40" + s
	case 41:
		return "41" + s
	case 42:
		return "42" + s
	case 43:
		return "43" + s
	case 44:
		return "44" + s
	case 45:
		return "45" + s
	case 46:
		return "46" + s
	case 47:
		return "47" + s
	case 48:
		return "48" + s
	case 49:
		return "49" + s
	case 50:
		return "50" + s
	case 51:
		return "51" + s
	case 52:
		return "52" + s
	case 53:
		return "53" + s
	case 54:
		return "54" + s
	case 55:
		return "55" + s
	case 56:
		return "56" + s
	case 57:
		return "57" + s
	case 58:
		return "58" + s
	case 59:
		return "59" + s
	case 60:
		return "60" + s
	case 61:
		return "61" + s
	case 62:
		return "62" + s
	case 63:
		return "63" + s
	case 64:
		return "64" + s
	case 65:
		return "65" + s
	case 66:
		return "66" + s
	case 67:
		return "67" + s
	case 68:
		return "68" + s
	case 69:
		return "69" + s
	case 70:
		return "70" + s
	case 71:
		return "71" + s
	case 72:
		return "72" + s
	case 73:
		return "73" + s
	case 74:
		return "74" + s
	case 75:
		return "75" + s
	case 76:
		return "76" + s
	case 77:
		return "77" + s
	case 78:
		return "78" + s
	case 79:
		return "79" + s
	case 80:
		return "80" + s
	case 81:
		return "81" + s
	case 82:
		return "82" + s
	case 83:
		return "83" + s
	case 84:
		return "84" + s
	case 85:
		return "85" + s
	case 86:
		return "86" + s
	case 87:
		return "87" + s
	case 88:
		return "88" + s
	case 89:
		return "89" + s
	case 90:
		return "90" + s
	case 91:
		return "91" + s
	case 92:
		return "92" + s
	case 93:
		return "93" + s
	case 94:
		return "94" + s
	case 95:
		return "95" + s
	case 96:
		return "96" + s
	case 97:
		return "97" + s
	case 98:
		return "98" + s
	case 99:
		return "99" + s
	case 100:
		return "100" + s
	case 101:
		return "101" + s
	case 102:
		return "102" + s
	case 103:
		return "103" + s
	case 104:
		return "104" + s
	case 105:
		return "105" + s
	case 106:
		return "106" + s
	case 107:
		return "107" + s
	case 108:
		return "108" + s
	case 109:
		return "109" + s
	case 110:
		return "110" + s
	case 111:
		return "111" + s
	case 112:
		return "112" + s
	case 113:
		return "113" + s
	case 114:
		return "114" + s
	case 115:
		return "115" + s
	case 116:
		return "116" + s
	case 117:
		return "117" + s
	case 118:
		return "118" + s
	case 119:
		return "119" + s
	case 120:
		return "120" + s
	case 121:
		return "121" + s
	case 122:
		return "122" + s
	case 123:
		return "123" + s
	case 124:
		return "124" + s
	case 125:
		return "125" + s
	case 126:
		return "126" + s
	case 127:
		return "127" + s
	case 128:
		return "128" + s
	case 129:
		return "129" + s
	case 130:
		return "130" + s
	case 131:
		return "131" + s
	case 132:
		return "132" + s
	case 133:
		return "133" + s
	case 134:
		return "134" + s
	case 135:
		return "135" + s
	case 136:
		return "136" + s
	case 137:
		return "137" + s
	case 138:
		return "138" + s
	case 139:
		return "139" + s
	case 140:
		return "140" + s
	case 141:
		return "141" + s
	case 142:
		return "142" + s
	case 143:
		return "143" + s
	case 144:
		return "144" + s
	case 145:
		return "145" + s
	case 146:
		return "146" + s
	case 147:
		return "147" + s
	case 148:
		return "148" + s
	case 149:
		return "149" + s
	case 150:
		return "150" + s
	case 151:
		return "151" + s
	case 152:
		return "152" + s
	case 153:
		return "153" + s
	case 154:
		return "154" + s
	case 155:
		return "155" + s
	case 156:
		return "156" + s
	case 157:
		return "157" + s
	case 158:
		return "158" + s
	case 159:
		return "159" + s
	case 160:
		return "160" + s
	case 161:
		return "161" + s
	case 162:
		return "162" + s
	case 163:
		return "163" + s
	case 164:
		return "164" + s
	case 165:
		return "165" + s
	case 166:
		return "166" + s
	case 167:
		return "167" + s
	case 168:
		return "168" + s
	case 169:
		return "169" + s
	case 170:
		return "170" + s
	case 171:
		return "171" + s
	case 172:
		return "172" + s
	case 173:
		return "173" + s
	case 174:
		return "174" + s
	case 175:
		return "175" + s
	case 176:
		return "176" + s
	case 177:
		return "177" + s
	case 178:
		return "178" + s
	case 179:
		return "179" + s
	case 180:
		return "180" + s
	case 181:
		return "181" + s
	case 182:
		return "182" + s
	case 183:
		return "183" + s
	case 184:
		return "184" + s
	case 185:
		return "185" + s
	case 186:
		return "186" + s
	case 187:
		return "187" + s
	case 188:
		return "188" + s
	case 189:
		return "189" + s
	case 190:
		return "190" + s
	case 191:
		return "191" + s
	case 192:
		return "192" + s
	case 193:
		return "193" + s
	case 194:
		return "194" + s
	case 195:
		return "195" + s
	case 196:
		return "196" + s
	case 197:
		return "197" + s
	case 198:
		return "198" + s
	case 199:
		return "199" + s
	case 200:
		return "200" + s
	case 201:
		return "201" + s
	case 202:
		return "202" + s
	case 203:
		return "203" + s
	case 204:
		return "204" + s
	case 205:
		return "205" + s
	case 206:
		return "206" + s
	case 207:
		return "207" + s
	case 208:
		return "208" + s
	case 209:
		return "209" + s
	case 210:
		return "210" + s
	case 211:
		return "211" + s
	case 212:
		return "212" + s
	case 213:
		return "213" + s
	case 214:
		return "214" + s
	case 215:
		return "215" + s
	case 216:
		return "216" + s
	case 217:
		return "217" + s
	case 218:
		return "218" + s
	case 219:
		return "219" + s
	case 220:
		return "220" + s
	case 221:
		return "221" + s
	case 222:
		return "222" + s
	case 223:
		return "223" + s
	case 224:
		return "224" + s
	case 225:
		return "225" + s
	case 226:
		return "226" + s
	case 227:
		return "227" + s
	case 228:
		return "228" + s
	case 229:
		return "229" + s
	case 230:
		return "230" + s
	case 231:
		return "231" + s
	case 232:
		return "232" + s
	case 233:
		return "233" + s
	case 234:
		return "234" + s
	case 235:
		return "235" + s
	case 236:
		return "236" + s
	case 237:
		return "237" + s
	case 238:
		return "238" + s
	case 239:
		return "239" + s
	case 240:
		return "240" + s
	case 241:
		return "241" + s
	case 242:
		return "242" + s
	case 243:
		return "243" + s
	case 244:
		return "244" + s
	case 245:
		return "245" + s
	case 246:
		return "246" + s
	case 247:
		return "247" + s
	case 248:
		return "248" + s
	case 249:
		return "249" + s
	case 250:
		return "250" + s
	case 251:
		return "251" + s
	case 252:
		return "252" + s
	case 253:
		return "253" + s
	case 254:
		return "254" + s
	case 255:
		return "255" + s
	case 256:
		return "256" + s
	case 257:
		return "257" + s
	case 258:
		return "258" + s
	case 259:
		return "259" + s
	case 260:
		return "260" + s
	case 261:
		return "261" + s
	case 262:
		return "262" + s
	case 263:
		return "263" + s
	case 264:
		return "264" + s
	case 265:
		return "265" + s
	case 266:
		return "266" + s
	case 267:
		return "267" + s
	case 268:
		return "268" + s
	case 269:
		return "269" + s
	case 270:
		return "270" + s
	case 271:
		return "271" + s
	case 272:
		return "272" + s
	case 273:
		return "273" + s
	case 274:
		return "274" + s
	case 275:
		return "275" + s
	case 276:
		return "276" + s
	case 277:
		return "277" + s
	case 278:
		return "278" + s
	case 279:
		return "279" + s
	case 280:
		return "280" + s
	case 281:
		return "281" + s
	case 282:
		return "282" + s
	case 283:
		return "283" + s
	case 284:
		return "284" + s
	case 285:
		return "285" + s
	case 286:
		return "286" + s
	case 287:
		return "287" + s
	case 288:
		return "288" + s
	case 289:
		return "289" + s
	case 290:
		return "290" + s
	case 291:
		return "291" + s
	case 292:
		return "292" + s
	case 293:
		return "293" + s
	case 294:
		return "294" + s
	case 295:
		return "295" + s
	case 296:
		return "296" + s
	case 297:
		return "297" + s
	case 298:
		return "298" + s
	case 299:
		return "299" + s
	}
	return s
}

// closures nest a few levels and capture a client.
func closures(ctx context.Context, cl *kgo.Client) func() int {
	n := 0
	return func() int {
		inc := func(f kgo.Fetches) {
			f.EachPartition(func(p kgo.FetchTopicPartition) {
				p.EachRecord(func(r *kgo.Record) {
					n += len(label(int(r.Offset%300), r.Topic))
				})
			})
		}
		inc(cl.PollFetches(ctx)) // ok: a client received as a parameter, no constructor in view
		return n
	}
}

// methodValues calls the client through method values and defers.
func methodValues(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("robust")) // ok: synchronous loop through method values
	if err != nil {
		return err
	}
	defer cl.Close()
	poll := cl.PollFetches
	commit := cl.CommitUncommittedOffsets
	defer commit(ctx)
	for i := 0; i < 10; i++ {
		for _, r := range poll(ctx).Records() {
			_ = label(int(r.Offset%300), string(r.Value))
		}
	}
	return nil
}
