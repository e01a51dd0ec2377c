#ifndef REPLYSHOT_HTTP_POST_H
#define REPLYSHOT_HTTP_POST_H

#include <stddef.h>

/// How a POST ended when no HTTP answer came back whole.
typedef enum {
    rs_http_ok = 0,
    rs_http_unreachable = 1,
    rs_http_timed_out = 2,
    rs_http_too_large = 3,
    rs_http_cancelled = 4,
    rs_http_failed = 5,
} rs_http_outcome;

/// What the server answered. `body` is malloc'ed (free it with rs_http_response_free).
typedef struct {
    rs_http_outcome outcome;
    long status;
    char *body;
    size_t body_length;
    /// The Location of a redirect, which is never followed.
    char redirect[1024];
    /// libcurl's own words for a failed transfer.
    char error[256];
} rs_http_response;

/// One POST with every policy explicit: no redirect is followed, a proxy is used only when
/// `use_environment_proxy` is set (libcurl reads http_proxy and friends by itself otherwise),
/// the whole exchange must end within `deadline_ms`, and a body larger than `max_body`
/// bytes is refused. `cancel` is polled while the transfer runs; non-zero stops it.
void rs_http_post(const char *url, const char *const *headers, size_t header_count, const char *body,
                  size_t body_length, long deadline_ms, size_t max_body, int use_environment_proxy,
                  const volatile int *cancel, rs_http_response *out);

void rs_http_response_free(rs_http_response *response);

#endif
