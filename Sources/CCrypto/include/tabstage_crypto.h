#ifndef TABSTAGE_CRYPTO_H
#define TABSTAGE_CRYPTO_H
/* The part of OpenSSL's libcrypto that tabstage calls (SHA-256 through the EVP interface, for
 * the digests a report keeps of references and inputs), declared as <openssl/evp.h> and
 * <openssl/sha.h> declare it, so that no command links libcrypto: lazy_crypto.c defines each
 * function as a trampoline that loads libcrypto.so.3 on the first call (see CLibraryLoader).
 * Only `verify --report`, `accept` and `merge-reports` take digests; the other commands never
 * load it. Scripts/check-library-declarations.sh checks the declarations against the headers. */
#include <stddef.h>

#if defined(TABSTAGE_WITH_SYSTEM_HEADERS)
#include <openssl/evp.h>
#include <openssl/sha.h>
#else

typedef struct evp_md_st EVP_MD;
typedef struct engine_st ENGINE;

#define SHA256_DIGEST_LENGTH 32

const EVP_MD *EVP_sha256(void);
int EVP_Digest(const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type, ENGINE *impl);

#endif /* TABSTAGE_WITH_SYSTEM_HEADERS */
#endif
