/* board_formats.h — the three board-file parsers behind sk_board_parse. Each takes the text
 * already split into lines and reports every problem it finds to DIAGS. */
#ifndef SKRAB_INTERNAL_BOARD_FORMATS_H
#define SKRAB_INTERNAL_BOARD_FORMATS_H

#include "internal/textscan.h"
#include "skrab/board.h"

int sk_board_parse_skrabbkle(sk_board *out, const char *text, size_t len, const sk_lines *lines,
                             sk_diag_list *diags);
int sk_board_parse_cs104(sk_board *out, const char *text, size_t len, const sk_lines *lines,
                         sk_diag_list *diags);
int sk_board_parse_magpie(sk_board *out, const char *text, size_t len, const sk_lines *lines,
                          sk_diag_list *diags);
/* In a MAGPIE layout a row of plain squares is a line of spaces, which sk_lines_split counts
 * as blank (docs/formats.md, "MAGPIE layouts"). The width is that of the widest row before the
 * trailing blank lines of TEXT or, when every line after line 1 is blank, that of the widest of
 * them made of spaces alone. The trailing lines up to the last one of that many spaces are rows:
 * LINES->content_count takes them in (a shorter one among them is then a short row). */
void sk_board_magpie_space_rows(const char *text, sk_lines *lines);

/* Reports the run of spaces and tabs at TEXT[AT..RUN_END) in a row that ends at END (a board's
 * squares are written without spaces): "trailing whitespace" when the run ends the row, else
 * "whitespace between squares". DIAGS may be NULL. */
void sk_board_report_blanks(const char *text, size_t at, size_t run_end, size_t end,
                            sk_diag_list *diags);

/* Reports lines after the last row (LINES->lines[FIRST_EXTRA..content_count)) as errors: the
 * first one named, then a count. HEIGHT is the number of rows the board has. */
void sk_board_report_extra_lines(const char *text, const sk_lines *lines, size_t first_extra,
                                 int height, sk_diag_list *diags);

/* Reports that only FOUND of HEIGHT rows are present, at the end of the text (offset LEN). */
void sk_board_report_missing_rows(size_t len, size_t found, int height, sk_diag_list *diags);

#endif
