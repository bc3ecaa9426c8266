// Imports libcurl's easy interface into Swift. curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call, so each argument type gets one typed wrapper here.
#ifndef STAGEMON_CLIBCURL_SHIM_H
#define STAGEMON_CLIBCURL_SHIM_H

#include <curl/curl.h>

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*stagemon_curl_data_callback)(char *data, size_t size, size_t count,
                                               void *context);

/// libcurl's process-wide set-up (CURL_GLOBAL_DEFAULT is a macro over macros).
static inline CURLcode stagemon_curl_global_init(void) {
  return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode stagemon_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stagemon_curl_set_string(CURL *handle, CURLoption option,
                                                const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stagemon_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stagemon_curl_set_callback(CURL *handle, CURLoption option,
                                                  stagemon_curl_data_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stagemon_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode stagemon_curl_get_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

#endif
