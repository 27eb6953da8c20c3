#include <malloc.h>
#include "allocated_bytes.h"

size_t allocated_bytes(void) { return mallinfo2().uordblks; }
