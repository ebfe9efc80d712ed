package testsflag

func op() error { return nil }
