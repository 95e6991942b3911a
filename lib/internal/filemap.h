/* filemap.h — a whole regular file mapped read only, for the loaders that read every byte of
 * it in place (KWG lexicons, leave files). Not installed. */
#ifndef SKRAB_INTERNAL_FILEMAP_H
#define SKRAB_INTERNAL_FILEMAP_H

#include <stddef.h>

/* Maps the first LEN (> 0) bytes of the open file FD read only and private, its pages read in
 * at once where the system can (they are all about to be read), and closes FD whatever
 * happens. Returns SK_OK with *OUT the map (munmap(*OUT, LEN) frees it), or SK_EIO with errno
 * saying why. */
int sk_file_map(int fd, size_t len, void **out);

#endif
