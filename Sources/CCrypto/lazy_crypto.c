/* libcrypto, loaded on first use: see CLibraryLoader's lazy_loader.c. */
#include "tabstage_crypto.h"
#include "tabstage_lazy.h"

TABSTAGE_TRAMPOLINE(TABSTAGE_CRYPTO, const EVP_MD *, EVP_sha256, (void), ())
TABSTAGE_TRAMPOLINE(TABSTAGE_CRYPTO, int, EVP_Digest,
                    (const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type,
                     ENGINE *impl),
                    (data, count, md, size, type, impl))
