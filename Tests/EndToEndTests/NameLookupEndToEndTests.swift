import Foundation
import TestSupport
import Testing

/// The app with a resolver that never answers: a stand-in `getaddrinfo`, put before libc's, keeps every name
/// under `.test` waiting half a minute (a system resolver gives up after 10 s, or 40 s), and passes any other
/// to libc. No name server is asked, real or not.
@Suite(
    "next-to-go with a resolver that never answers", .serialized,
    .enabled(if: StuckResolver.isAvailable, "needs cc and a dynamic linker that preloads (Linux; CI has both)"))
struct NameLookupEndToEndTests {
    static let source = "http://never-answers.test:9/races"

    @Test("--timeout 1 bounds the fetch, name lookup included, and the message names the lookup")
    func boundedLookup() throws {
        let resolver = try StuckResolver()
        defer { resolver.folder.remove() }
        try expectBounded(environment: resolver.environment)
    }

    /// The lookup is the app's, before libcurl is asked: whichever library, a lookup's thread is not waited for.
    @Test("the same with a libcurl before 7.87, which waits for its own lookups' threads")
    func boundedLookupOnOlderLibcurl() throws {
        try #require(OldCurl.realLibrary != nil, "no libcurl to stand in front of")
        let resolver = try StuckResolver()
        defer { resolver.folder.remove() }
        let old = try OldCurl()
        defer { old.folder.remove() }
        try expectBounded(environment: resolver.environment.merging(old.environment) { $1 })
    }

    private func expectBounded(environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let started = Date()
        let run = try BinaryRunner.run(["--source", Self.source, "--timeout", "1", "list"], environment: environment)
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 69, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(
            run.stderr.contains(
                "Could not read races from \(Self.source): the name lookup of never-answers.test had no answer within 1 s."
            ), "\(run.stderr)", sourceLocation: sourceLocation)
        // A second for the limit and a few for a busy machine's start-up: well short of the resolver's 30.
        #expect(elapsed < 10, "took \(elapsed) s", sourceLocation: sourceLocation)
    }
}

/// A stand-in `getaddrinfo` built for one test, preloaded into the app.
struct StuckResolver {
    let folder: TemporaryDirectory
    private let library: URL

    static let isAvailable: Bool = {
        #if os(Linux)
            HostCapabilities.hasCCompiler
        #else
            false
        #endif
    }()

    init() throws {
        folder = try TemporaryDirectory()
        library = folder.url.appendingPathComponent("stuck-resolver.so")
        let source = try folder.file("stuck-resolver.c", contents: Data(Self.source.utf8))
        let build = try BinaryRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["cc", "-shared", "-fPIC", "-o", library.path, source.path, "-ldl"], stdin: "",
            environment: [:], timeout: 120)
        try #require(build.status == 0, "the stand-in did not build: \(build.stderr)")
    }

    var environment: [String: String] { ["LD_PRELOAD": library.path] }

    private static let source = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <netdb.h>
        #include <string.h>
        #include <unistd.h>

        int getaddrinfo(const char *name, const char *service, const struct addrinfo *hints,
                        struct addrinfo **result) {
            size_t length = name ? strlen(name) : 0;
            if (length > 5 && strcmp(name + length - 5, ".test") == 0) {
                sleep(30);
                return EAI_AGAIN;
            }
            int (*real)(const char *, const char *, const struct addrinfo *, struct addrinfo **) =
                (int (*)(const char *, const char *, const struct addrinfo *, struct addrinfo **))
                    dlsym(RTLD_NEXT, "getaddrinfo");
            return real(name, service, hints, result);
        }
        """#
}
