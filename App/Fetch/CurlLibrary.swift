import CCurl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's libcurl, opened at the first fetch: linked, it and the thirty libraries behind it would be
/// loaded at every start of the app (6 ms, measured), fetching or not.
struct CurlLibrary: @unchecked Sendable {
    let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
    let easyPerform: @convention(c) (UnsafeMutableRawPointer?) -> CURLcode
    let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// Sets every option back as `easyInit` left it, keeping the handle's connections, resolved names and TLS
    /// sessions for the next transfer.
    let easyReset: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let slistAppend:
        @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
    let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
    /// `curl_easy_setopt` and `curl_easy_getinfo`, called through CCurl's typed wrappers.
    let setOption: UnsafeMutableRawPointer
    let getInfo: UnsafeMutableRawPointer

    /// The library, set up for transfers; nil when it is not on this system or would not start.
    static let shared: CurlLibrary? = open()

    /// Where the system keeps it, by the names its packages give it.
    static let names: [String] = {
        #if canImport(Darwin)
            ["/usr/lib/libcurl.4.dylib", "libcurl.4.dylib", "libcurl.dylib"]
        #else
            ["libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4", "libcurl-nss.so.4"]
        #endif
    }()

    private static func open() -> CurlLibrary? {
        guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        func function<Function>(_ name: String, as type: Function.Type) -> Function? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        typealias GlobalInit = @convention(c) (Int) -> CURLcode
        guard let globalInit = function("curl_global_init", as: GlobalInit.self),
            globalInit(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK,
            let easyInit = function("curl_easy_init", as: (@convention(c) () -> UnsafeMutableRawPointer?).self),
            let easyPerform = function(
                "curl_easy_perform", as: (@convention(c) (UnsafeMutableRawPointer?) -> CURLcode).self),
            let easyCleanup = function(
                "curl_easy_cleanup", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
            let easyReset = function(
                "curl_easy_reset", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
            let slistAppend = function(
                "curl_slist_append",
                as: (@convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<
                    curl_slist
                >?).self),
            let slistFreeAll = function(
                "curl_slist_free_all", as: (@convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void).self),
            let setOption = dlsym(library, "curl_easy_setopt"),
            let getInfo = dlsym(library, "curl_easy_getinfo")
        else { return nil }
        return CurlLibrary(
            easyInit: easyInit, easyPerform: easyPerform, easyCleanup: easyCleanup, easyReset: easyReset,
            slistAppend: slistAppend,
            slistFreeAll: slistFreeAll, setOption: setOption, getInfo: getInfo)
    }
}
