#ifndef REPLYSHOT_CLEPTONICA_SHIM_H
#define REPLYSHOT_CLEPTONICA_SHIM_H
// Leptonica's image type and functions (pixRead, pixGetData, pixDestroy, ...).
#include <leptonica/allheaders.h>
#endif
