// The generator's HTTP request through libcurl's easy interface, with each of libcurl's
// defaults that matter for privacy set on purpose. It is C because curl_easy_setopt is
// variadic, which Swift cannot call.
#include "http_post.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    rs_http_response *out;
    size_t capacity;
    size_t max_body;
    const volatile int *cancel;
    int too_large;
} rs_transfer;

static pthread_once_t rs_curl_once = PTHREAD_ONCE_INIT;
static void rs_curl_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

static size_t rs_keep_body(char *data, size_t size, size_t count, void *context) {
    rs_transfer *transfer = context;
    size_t length = size * count;
    rs_http_response *out = transfer->out;
    if (out->body_length + length > transfer->max_body) {
        transfer->too_large = 1;
        return 0;  // CURLE_WRITE_ERROR: the transfer stops here
    }
    if (out->body_length + length + 1 > transfer->capacity) {
        size_t capacity = transfer->capacity ? transfer->capacity : 16384;
        while (capacity < out->body_length + length + 1) capacity *= 2;
        char *grown = realloc(out->body, capacity);
        if (!grown) return 0;
        out->body = grown;
        transfer->capacity = capacity;
    }
    memcpy(out->body + out->body_length, data, length);
    out->body_length += length;
    out->body[out->body_length] = 0;
    return length;
}

static int rs_progress(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow) {
    (void)dlnow; (void)ultotal; (void)ulnow;
    rs_transfer *transfer = context;
    if (transfer->cancel && *transfer->cancel) return 1;
    // A declared length over the limit is refused before its bytes arrive.
    if (dltotal > 0 && (size_t)dltotal > transfer->max_body) {
        transfer->too_large = 1;
        return 1;
    }
    return 0;
}

void rs_http_post(const char *url, const char *const *headers, size_t header_count, const char *body,
                  size_t body_length, long deadline_ms, size_t max_body, int use_environment_proxy,
                  const volatile int *cancel, rs_http_response *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&rs_curl_once, rs_curl_init);
    CURL *curl = curl_easy_init();
    if (!curl) {
        out->outcome = rs_http_failed;
        strncpy(out->error, "libcurl could not start", sizeof out->error - 1);
        return;
    }
    rs_transfer transfer = {.out = out, .max_body = max_body, .cancel = cancel};
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) list = curl_slist_append(list, headers[i]);
    // No "Expect: 100-continue" pause before the body.
    list = curl_slist_append(list, "Expect:");

    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    // An empty proxy name turns off libcurl's reading of http_proxy, all_proxy and so on.
    if (!use_environment_proxy) curl_easy_setopt(curl, CURLOPT_PROXY, "");
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    // The deadline is for the whole exchange, not for each silence between bytes.
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, deadline_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, deadline_ms);
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)max_body);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    // No Accept-Encoding is sent, and nothing is inflated: a compressed body counts as sent.
    curl_easy_setopt(curl, CURLOPT_HTTP_CONTENT_DECODING, 0L);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, rs_keep_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, rs_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);
    char error[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);

    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &out->status);
    char *location = NULL;
    if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &location) == CURLE_OK && location)
        strncpy(out->redirect, location, sizeof out->redirect - 1);

    if (transfer.too_large || code == CURLE_FILESIZE_EXCEEDED) {
        out->outcome = rs_http_too_large;
    } else if (code == CURLE_OK) {
        out->outcome = rs_http_ok;
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
        out->outcome = rs_http_timed_out;
    } else if (code == CURLE_ABORTED_BY_CALLBACK) {
        out->outcome = rs_http_cancelled;
    } else if (code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST) {
        out->outcome = rs_http_unreachable;
    } else {
        out->outcome = rs_http_failed;
    }
    if (out->outcome != rs_http_ok)
        strncpy(out->error, error[0] ? error : curl_easy_strerror(code), sizeof out->error - 1);
    curl_slist_free_all(list);
    curl_easy_cleanup(curl);
}

void rs_http_response_free(rs_http_response *response) {
    free(response->body);
    response->body = NULL;
    response->body_length = 0;
}
