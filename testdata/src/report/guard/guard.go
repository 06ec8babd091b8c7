// Package guard has a few functions for report.Guard's test.
package guard

func a() int { return 1 }

func b() int { return 2 }

func c() int { return a() + b() }
