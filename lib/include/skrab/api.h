/* api.h — SK_API marks the functions of libskrab's public interface. The library is compiled
 * with hidden visibility, so the shared library exports exactly the functions declared with
 * SK_API in these headers and nothing else (tests/api/exports.sh checks it). Where the compiler
 * has no visibility attribute SK_API is empty and every function stays visible. */
#ifndef SKRAB_API_H
#define SKRAB_API_H

#if defined(__GNUC__) || defined(__clang__)
#define SK_API __attribute__((visibility("default")))
#else
#define SK_API
#endif

#endif
