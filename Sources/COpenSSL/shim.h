// Imports OpenSSL's libcrypto into Swift. Helpers here wrap what Swift cannot
// call directly (variadic functions, macros) or what reads better as one call.
#ifndef STAGEMON_COPENSSL_SHIM_H
#define STAGEMON_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/sha.h>
#include <openssl/x509.h>

/// Generates a fresh P-384 key pair (EVP_EC_gen is a macro over a variadic call).
static inline EVP_PKEY *stagemon_generate_p384(void) {
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
  EVP_PKEY *key = NULL;
  if (ctx == NULL) return NULL;
  if (EVP_PKEY_keygen_init(ctx) <= 0 ||
      EVP_PKEY_CTX_set_group_name(ctx, "P-384") <= 0 ||
      EVP_PKEY_generate(ctx, &key) <= 0) {
    key = NULL;
  }
  EVP_PKEY_CTX_free(ctx);
  return key;
}

/// Names the curve of an EC key ("P-384", "secp384r1", ...) into buf; 0 on failure.
static inline int stagemon_curve_name(const EVP_PKEY *key, char *buf, size_t len) {
  size_t out = 0;
  return EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, buf, len, &out);
}

/// Reads a BIO's memory buffer (BIO_get_mem_data is a macro).
static inline long stagemon_bio_mem(BIO *bio, const char **data) {
  char *p = NULL;
  long n = BIO_get_mem_data(bio, &p);
  *data = p;
  return n;
}

/// Clears OpenSSL's thread-local error queue so stale errors never leak into
/// a later message.
static inline void stagemon_clear_errors(void) { ERR_clear_error(); }

#endif
