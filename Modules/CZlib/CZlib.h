// The system's zlib: the snapshot's race cards are kept deflated in the program (a tenth of their size).
#ifndef NEXT_TO_GO_CZLIB_H
#define NEXT_TO_GO_CZLIB_H

#include <zlib.h>

#endif
