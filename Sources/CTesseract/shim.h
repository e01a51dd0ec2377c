#ifndef REPLYSHOT_CTESSERACT_SHIM_H
#define REPLYSHOT_CTESSERACT_SHIM_H
// Tesseract's C API: TessBaseAPI*, result iterators, TessDeleteText.
#include <tesseract/capi.h>
#endif
