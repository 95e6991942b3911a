/* fuzz_config.c — libFuzzer target for the CS104 configuration parser and its detector: every
 * diagnostic is located as the CLI would, and a configuration that parses must have its three
 * paths, a hand size in range, and value offsets that point into the text at the values. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/config.h"
#include "skrab/error.h"

static void check_path(const char *text, size_t size, const char *value, size_t offset,
                       int required)
{
    size_t len = strnlen(value, SK_PATH_MAX);
    if (len == SK_PATH_MAX) abort(); /* not terminated */
    if (len == 0) {
        if (required) abort();
        return;
    }
    if (offset > size || size - offset < len || memcmp(text + offset, value, len) != 0) abort();
    if (value[0] == ' ' || value[0] == '\t' || value[len - 1] == ' ' || value[len - 1] == '\t')
        abort(); /* values are trimmed */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    sk_config config;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    int rc = sk_config_parse(&config, text, size, &diags);
    sk_diag_list_sort(&diags);
    for (size_t i = 0; i < diags.count; i++) {
        const sk_diag *d = &diags.items[i];
        if (d->offset != SK_DIAG_NO_OFFSET && d->offset > size) abort();
        if (memchr(d->message, '\0', sizeof(d->message)) == NULL || d->message[0] == '\0') abort();
        int line, col;
        sk_diag_locate(text, size, d->offset, &line, &col);
        if (line < 1 || col < 1) abort();
    }
    if (config.handsize < 1 || config.handsize > SK_HANDSIZE_MAX)
        abort(); /* the default 7 or a checked value, even after errors */
    int ok = rc == SK_OK;
    if (ok && diags.errors != 0) abort();
    if (rc == SK_EINVAL && diags.errors == 0) abort(); /* a failure must say why */
    check_path(text, size, config.tiles, config.tiles_offset, ok);
    check_path(text, size, config.dictionary, config.dictionary_offset, ok);
    check_path(text, size, config.board, config.board_offset, ok);
    sk_diag_list_free(&diags);

    sk_config again;
    if (sk_config_parse(&again, text, size, NULL) != rc ||
        memcmp(&again, &config, sizeof(again)) != 0)
        abort(); /* NULL diagnostics must give the same answer */
    (void)sk_config_detect(text, size);
    return 0;
}
