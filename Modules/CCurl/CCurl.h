// The system's libcurl, for the app's HTTP client (App/Fetch, in the app's own process): its types and constants
// only. The library itself is opened when a fetch first needs it (`CurlLibrary`), so the app links nothing of it
// and a run that never fetches never loads it. `curl_easy_setopt` and `curl_easy_getinfo` are variadic, which
// Swift cannot call, so each argument type `CurlHTTPTransport` passes has a typed wrapper here, called with the
// function as the library gave it.
#ifndef NEXT_TO_GO_CCURL_H
#define NEXT_TO_GO_CCURL_H

// The type-checking macros use GCC builtins around the variadic calls; the wrappers are typed already.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef CURLcode (*curl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*curl_getinfo_function)(CURL *, CURLINFO, ...);

static inline CURLcode curl_set_long(void *setopt, CURL *handle, CURLoption option, long value) {
    return ((curl_setopt_function)setopt)(handle, option, value);
}

static inline CURLcode curl_set_offset(void *setopt, CURL *handle, CURLoption option, curl_off_t value) {
    return ((curl_setopt_function)setopt)(handle, option, value);
}

static inline CURLcode curl_set_pointer(void *setopt, CURL *handle, CURLoption option, const void *value) {
    return ((curl_setopt_function)setopt)(handle, option, value);
}

static inline CURLcode curl_set_write_function(
    void *setopt, CURL *handle, CURLoption option, curl_write_callback function) {
    return ((curl_setopt_function)setopt)(handle, option, function);
}

static inline CURLcode curl_set_progress_function(void *setopt, CURL *handle, curl_xferinfo_callback function) {
    return ((curl_setopt_function)setopt)(handle, CURLOPT_XFERINFOFUNCTION, function);
}

// Nothing but http and https, for the URL and after any redirect. libcurl 7.85 took the protocols as text and
// deprecated the bit masks; the libraries before it (7.68 on Ubuntu 20.04, 7.81 on 22.04, 7.74 on Debian 11) know
// only the masks and refuse the text with CURLE_UNKNOWN_OPTION. Both are set by curl's own numbers, so this builds
// against a header of either age without a deprecation warning.
#define NEXT_TO_GO_CURLOPT_PROTOCOLS 181L              /* CURLOPTTYPE_LONG + 181 */
#define NEXT_TO_GO_CURLOPT_REDIR_PROTOCOLS 182L        /* CURLOPTTYPE_LONG + 182 */
#define NEXT_TO_GO_CURLOPT_PROTOCOLS_STR 10318L        /* CURLOPTTYPE_STRINGPOINT + 318, 7.85 */
#define NEXT_TO_GO_CURLOPT_REDIR_PROTOCOLS_STR 10319L  /* CURLOPTTYPE_STRINGPOINT + 319, 7.85 */
#define NEXT_TO_GO_CURLPROTO_WEB 3L                    /* CURLPROTO_HTTP | CURLPROTO_HTTPS */
#if LIBCURL_VERSION_NUM >= 0x075500
_Static_assert(CURLOPT_PROTOCOLS_STR == NEXT_TO_GO_CURLOPT_PROTOCOLS_STR, "curl's number for PROTOCOLS_STR");
_Static_assert(CURLOPT_REDIR_PROTOCOLS_STR == NEXT_TO_GO_CURLOPT_REDIR_PROTOCOLS_STR, "REDIR_PROTOCOLS_STR");
#endif
_Static_assert((CURLPROTO_HTTP | CURLPROTO_HTTPS) == NEXT_TO_GO_CURLPROTO_WEB, "curl's bits for http and https");

/// Sets `text` where the library knows it, else `mask` (a library older than the text option); curl's code.
static inline CURLcode curl_set_protocols(
    void *setopt, CURL *handle, long textOption, const char *text, long maskOption, long mask) {
    CURLcode code = ((curl_setopt_function)setopt)(handle, (CURLoption)textOption, text);
    if (code == CURLE_UNKNOWN_OPTION) {
        code = ((curl_setopt_function)setopt)(handle, (CURLoption)maskOption, mask);
    }
    return code;
}

static inline CURLcode curl_allow_only_web(void *setopt, CURL *handle) {
    CURLcode code = curl_set_protocols(setopt, handle, NEXT_TO_GO_CURLOPT_PROTOCOLS_STR, "http,https",
                                       NEXT_TO_GO_CURLOPT_PROTOCOLS, NEXT_TO_GO_CURLPROTO_WEB);
    if (code != CURLE_OK) return code;
    return curl_set_protocols(setopt, handle, NEXT_TO_GO_CURLOPT_REDIR_PROTOCOLS_STR, "http,https",
                              NEXT_TO_GO_CURLOPT_REDIR_PROTOCOLS, NEXT_TO_GO_CURLPROTO_WEB);
}

// Not to wait, at the end of a transfer, for a name lookup of libcurl's own that has not answered (a redirect's
// host: the transport looks up the URL's itself). 7.87 added it; an older library refuses it, and waits.
#define NEXT_TO_GO_CURLOPT_QUICK_EXIT 322L  /* CURLOPTTYPE_LONG + 322, 7.87 */
#if LIBCURL_VERSION_NUM >= 0x075700
_Static_assert(CURLOPT_QUICK_EXIT == NEXT_TO_GO_CURLOPT_QUICK_EXIT, "curl's number for QUICK_EXIT");
#endif

/// Sets the option where the library knows it; a library too old to know it is left as it is.
static inline CURLcode curl_quick_exit(void *setopt, CURL *handle) {
    CURLcode code = ((curl_setopt_function)setopt)(handle, (CURLoption)NEXT_TO_GO_CURLOPT_QUICK_EXIT, 1L);
    return code == CURLE_UNKNOWN_OPTION ? CURLE_OK : code;
}

static inline CURLcode curl_get_long(void *getinfo, CURL *handle, CURLINFO info, long *value) {
    return ((curl_getinfo_function)getinfo)(handle, info, value);
}

static inline CURLcode curl_get_offset(void *getinfo, CURL *handle, CURLINFO info, curl_off_t *value) {
    return ((curl_getinfo_function)getinfo)(handle, info, value);
}

static inline CURLcode curl_get_string(void *getinfo, CURL *handle, CURLINFO info, char **value) {
    return ((curl_getinfo_function)getinfo)(handle, info, value);
}

#endif
