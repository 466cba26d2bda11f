import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The app against a libcurl older than 7.85, as Ubuntu 22.04 (7.81), Debian 11 (7.74) and Ubuntu 20.04 (7.68)
/// ship it: a stand-in library, found first by the name the app opens, passes every call to the real one but
/// refuses the options 7.85 and 7.87 added, as those versions do, and writes down each option it is given.
@Suite(
    "next-to-go with a libcurl before 7.85", .serialized,
    .enabled(if: HostCapabilities.hasCCompiler && OldCurl.realLibrary != nil, "needs cc and libcurl (CI has both)"))
struct OldCurlEndToEndTests {
    @Test("a board over HTTP, through the older protocol options: http and https only, redirects included")
    func boardThroughOldOptions() throws {
        let stand = try OldCurl()
        defer { stand.folder.remove() }
        let server = try FixtureServer(folder: Fixtures.directory)
        defer { server.stop() }
        let run = try BinaryRunner.run(
            ["--source", server.url(Fixtures.tenRaces), "--now", RaceListEndToEndTests.now, "list"],
            environment: stand.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == RaceListEndToEndTests.allCategories, "\(run.stdout)")
        let options = try stand.optionsSet()
        #expect(options.contains("refused 10318"), "the text option was tried first: \(options)")
        #expect(options.contains("181=3") && options.contains("182=3"), "http|https, for the URL and redirects")
        #expect(options.contains("refused 322"), "asked to leave its lookups behind, refused, and went on")

        // The older option still holds the line: a redirect to ftp:// is refused, not followed.
        let redirected = try BinaryRunner.run(
            ["--source", server.url("redirect-ftp"), "--now", RaceListEndToEndTests.now, "list"],
            environment: stand.environment)
        #expect(redirected.status == 69)
        #expect(
            redirected.stderr.contains("the server redirected to an address that is not http or https"),
            "\(redirected.stderr)")
    }
}

/// A stand-in `libcurl.so.4` built for one test, in a folder of its own.
struct OldCurl {
    let folder: TemporaryDirectory
    private let log: URL

    /// The system's libcurl, where the dynamic linker finds it: opened here, then found among this process's
    /// mapped files.
    static let realLibrary: String? = {
        // Read to its end: /proc's files say they are empty, and a read by size stops short.
        guard dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL) != nil,
            let maps = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd())
                .flatMap({ $0 }).map({ String(decoding: $0, as: UTF8.self) })
        else { return nil }
        return maps.split(separator: "\n").lazy.compactMap { line -> String? in
            guard let slash = line.firstIndex(of: "/") else { return nil }
            let path = String(line[slash...])
            return path.split(separator: "/").last?.hasPrefix("libcurl") == true ? path : nil
        }.first
    }()

    init() throws {
        folder = try TemporaryDirectory()
        log = folder.url.appendingPathComponent("options.log")
        let source = try folder.file("standin.c", contents: Data(Self.source.utf8))
        let library = folder.url.appendingPathComponent("libcurl.so.4").path
        let build = try BinaryRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["cc", "-shared", "-fPIC", "-o", library, source.path, "-ldl"], stdin: "", environment: [:],
            timeout: 120)
        try #require(build.status == 0, "the stand-in did not build: \(build.stderr)")
    }

    var environment: [String: String] {
        ["LD_LIBRARY_PATH": folder.url.path, "STANDIN_REAL_LIBCURL": Self.realLibrary ?? "", "STANDIN_LOG": log.path]
    }

    /// Each option the app set, as `NUMBER=VALUE` for numbers, or `refused NUMBER`.
    func optionsSet() throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private static let source = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <stdarg.h>
        #include <stdio.h>
        #include <stdlib.h>

        static void *real(const char *name) {
            static void *library;
            if (!library) library = dlopen(getenv("STANDIN_REAL_LIBCURL"), RTLD_NOW | RTLD_LOCAL);
            void *function = library ? dlsym(library, name) : NULL;
            if (!function) abort();
            return function;
        }

        static void note(const char *format, long option, long value) {
            FILE *file = fopen(getenv("STANDIN_LOG"), "a");
            if (file) { fprintf(file, format, option, value); fclose(file); }
        }

        int curl_global_init(long flags) { return ((int (*)(long))real("curl_global_init"))(flags); }
        void *curl_easy_init(void) { return ((void *(*)(void))real("curl_easy_init"))(); }
        int curl_easy_perform(void *handle) { return ((int (*)(void *))real("curl_easy_perform"))(handle); }
        void curl_easy_cleanup(void *handle) { ((void (*)(void *))real("curl_easy_cleanup"))(handle); }
        void curl_easy_reset(void *handle) { ((void (*)(void *))real("curl_easy_reset"))(handle); }
        void *curl_slist_append(void *list, const char *text) {
            return ((void *(*)(void *, const char *))real("curl_slist_append"))(list, text);
        }
        void curl_slist_free_all(void *list) { ((void (*)(void *))real("curl_slist_free_all"))(list); }

        int curl_easy_getinfo(void *handle, int info, ...) {
            va_list arguments;
            va_start(arguments, info);
            void *value = va_arg(arguments, void *);
            va_end(arguments);
            return ((int (*)(void *, int, ...))real("curl_easy_getinfo"))(handle, info, value);
        }

        int curl_easy_setopt(void *handle, int option, ...) {
            int (*set)(void *, int, ...) = (int (*)(void *, int, ...))real("curl_easy_setopt");
            va_list arguments;
            va_start(arguments, option);
            int code;
            if (option == 10318 || option == 10319 || option == 322) {
                /* CURLOPT_PROTOCOLS_STR and CURLOPT_REDIR_PROTOCOLS_STR: new in 7.85; CURLOPT_QUICK_EXIT: 7.87. */
                note("refused %ld\n", option, 0);
                code = 48; /* CURLE_UNKNOWN_OPTION */
            } else if (option < 10000) {
                long value = va_arg(arguments, long);
                note("%ld=%ld\n", option, value);
                code = set(handle, option, value);
            } else if (option < 30000) {
                code = set(handle, option, va_arg(arguments, void *));
            } else {
                code = set(handle, option, va_arg(arguments, long long));
            }
            va_end(arguments);
            return code;
        }
        """#
}
