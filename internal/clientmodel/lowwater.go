package clientmodel

// LowWater are the functions known to return a low-water mark: the
// position below which every record their tracker was given is complete.
// A position computed any other way (a hand-written tracker, a maximum
// kept in a struct) is not proven to be one, and the report says so.
var LowWater = []string{
	"(*github.com/offsetcommit/commitlint/lowwater.Tracker).Done",
	"(*github.com/offsetcommit/commitlint/lowwater.Tracker).Complete",
	"(*github.com/offsetcommit/commitlint/lowwater.Tracker).Committable",
	"(*github.com/offsetcommit/commitlint/lowwater.Tracker).CommittableAll",
	"(*github.com/offsetcommit/commitlint/lowwater.Tracker).Revoke",
}
