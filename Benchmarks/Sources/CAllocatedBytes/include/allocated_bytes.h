#include <stddef.h>

/// The bytes malloc has handed out and not taken back (glibc's mallinfo2).
size_t allocated_bytes(void);
