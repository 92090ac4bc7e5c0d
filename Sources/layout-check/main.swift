// The CLI: see issue 3.
