// The system's libcurl, for the fetch helper: its types and constants only. The library itself is opened when a
// fetch first needs it (`CurlLibrary`), so the app links nothing of it and a run that never fetches never loads
// it. `curl_easy_setopt` and `curl_easy_getinfo` are variadic, which Swift cannot call, so each argument type
// the helper passes has a typed wrapper here, called with the function as the library gave it.
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
