/* fuzz_board.c — libFuzzer target for the board parsers: the input is parsed as each of the
 * formats and with detection; every diagnostic is located (line:col) as the CLI would; the
 * guess of the format and the recognition of drawings run too. The first byte selects nothing:
 * all formats run on every input. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/board.h"
#include "skrab/buf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > SK_BOARD_FILE_MAX) return 0;
    const char *text = (const char *)data;
    static const sk_board_format formats[] = {SK_BOARD_FORMAT_AUTO, SK_BOARD_FORMAT_SKRABBKLE,
                                              SK_BOARD_FORMAT_CS104, SK_BOARD_FORMAT_MAGPIE};
    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        sk_board board;
        sk_diag_list diags;
        sk_diag_list_init(&diags);
        int rc = sk_board_parse(&board, text, size, formats[f], &diags);
        sk_diag_list_sort(&diags);
        for (size_t i = 0; i < diags.count; i++) {
            int line, col;
            sk_diag_locate(text, size, diags.items[i].offset, &line, &col);
            if (line < 1 || col < 1) abort();
        }
        if (rc == 0) {
            /* a valid board must render, and its geometry must be sane */
            if (board.width < 1 || board.width > SK_BOARD_MAX || board.height < 1 ||
                board.height > SK_BOARD_MAX || board.start_row < 0 ||
                board.start_row >= board.height || board.start_col < 0 ||
                board.start_col >= board.width || diags.errors != 0)
                abort();
            sk_buf out;
            sk_buf_init(&out);
            sk_board_render_text(&board, NULL, NULL, NULL, &out);
            sk_board_render_svg(&board, NULL, NULL, &out);
            sk_buf_free(&out);
        } else if (diags.errors == 0) {
            abort(); /* a failure must say why */
        }
        sk_diag_list_free(&diags);
    }
    /* the guess and its reason: a format the parser reads, a reason always written */
    char why[64] = "x";
    int certain = -1;
    sk_board_format guessed = sk_board_detect_why(text, size, &certain, why, sizeof(why));
    if (guessed != sk_board_detect(text, size) || guessed == SK_BOARD_FORMAT_AUTO || !why[0] ||
        memchr(why, '\0', sizeof(why)) == NULL || (certain != 0 && certain != 1))
        abort();
    if (sk_board_is_drawing(text, size) != 0 && sk_board_is_drawing(text, size) != 1) abort();
    return 0;
}
