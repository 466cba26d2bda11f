// `next-to-go-fetch URL CONNECT TOTAL MAXBYTES`: the app's fetching helper (see `ChildProcessHTTPTransport`).
FetchHelper.run(arguments: Array(CommandLine.arguments.dropFirst()))
