#ifndef REPLYSHOT_CMALLOC_SHIM_H
#define REPLYSHOT_CMALLOC_SHIM_H
// glibc's allocator knobs (mallopt); Swift's Glibc module does not include <malloc.h>.
#if __has_include(<malloc.h>) && defined(__linux__)
#include <malloc.h>
#endif
#endif
