package ignore

import "net/http"

func sameLine(u string) {
	_, _ = http.Get(u) //timeoutlint:ignore nohttptimeout the health probe runs under a supervisor with its own kill timer
}

func lineAbove(u string) {
	//timeoutlint:ignore nohttptimeout,ctxdeadline startup probe, bounded by the orchestrator
	_, _ = http.Get(u)
}

func otherAnalyzer(u string) {
	//timeoutlint:ignore ctxdeadline this directive names another analyzer
	_, _ = http.Get(u) // want `http.Get uses http.DefaultClient`
}

func twoLinesAbove(u string) {
	//timeoutlint:ignore nohttptimeout too far away to count // want `directive for nohttptimeout silences nothing`

	_, _ = http.Get(u) // want `http.Get uses http.DefaultClient`
}

func noReason(u string) {
	_, _ = http.Get(u) /* want `malformed timeoutlint:ignore directive: needs a reason` `http.Get uses` */ //timeoutlint:ignore nohttptimeout
}

func unknownName(u string) {
	_, _ = http.Get(u) /* want `names unknown analyzer nohttptimout` `http.Get uses` */ //timeoutlint:ignore nohttptimout typo in the name
}

func empty(u string) {
	/* want `names no analyzer` */ //timeoutlint:ignore
	_, _ = http.Get(u)             // want `http.Get uses`
}

func notADirective(u string) {
	//timeoutlint:ignored nohttptimeout not our directive
	_, _ = http.Get(u) // want `http.Get uses`
}

func nolintStyle(u string) {
	_, _ = http.Get(u) //timeoutlint:ignore nohttptimeout // reason written nolint-style
}

func unusedButQuiet() {
	//timeoutlint:ignore nohttptimeout nothing to silence here // want `silences nothing`
	_ = 1
}
