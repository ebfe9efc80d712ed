module github.com/timeoutlint/timeoutlint/bench/failsafe

go 1.26.0

require github.com/timeoutlint/timeoutlint v0.0.0

require (
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/failsafe-go/failsafe-go v0.9.8
)

replace github.com/timeoutlint/timeoutlint => ../..
