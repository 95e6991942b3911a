/* cli_io.c — what every subcommand shares for input and output: reading files or stdin,
 * printing diagnostics (GNU form or JSON Lines), JSON strings, loading named boards. */
#include <errno.h>
#include <string.h>

#include "cli.h"
#include "skrab/error.h"
#include "skrab/resource.h"

int sk_cli_read(sk_cli *cli, const char *path, size_t max, sk_buf *out, int quiet_toobig)
{
    int rc;
    errno = 0;
    if (strcmp(path, "-") == 0)
        rc = sk_buf_read_stream(out, cli->in, max);
    else
        rc = sk_buf_read_file(out, path, max);
    int err = errno;
    if (rc == SK_OK) sk_buf_drop_bom(out); /* every file read here is text */
    if (rc == SK_OK || (rc == SK_ETOOBIG && quiet_toobig)) return rc;
    char why[SK_PATH_MAX + 100];
    sk_buf_read_error(strcmp(path, "-") == 0 ? "<stdin>" : path, path, rc, err, max, why,
                      sizeof(why));
    sk_cli_error(cli, "%s", why);
    return rc;
}

/* Length of the well-formed UTF-8 sequence at P (1..4) within LEFT bytes, or 0 when it is not
 * one. */
static int utf8_length(const unsigned char *p, size_t left)
{
    int n = p[0] >= 0xf0 && p[0] <= 0xf4   ? 4
            : p[0] >= 0xe0 && p[0] <= 0xef ? 3
            : p[0] >= 0xc2 && p[0] <= 0xdf ? 2
                                           : 0;
    if ((size_t)n > left) return 0;
    for (int i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80) return 0;
    return n;
}

void sk_json_string(sk_buf *out, const char *s)
{
    sk_json_string_n(out, s, strlen(s));
}

void sk_json_string_n(sk_buf *out, const char *s, size_t len)
{
    sk_buf_putc(out, '"');
    const unsigned char *end = (const unsigned char *)s + len;
    for (const unsigned char *p = (const unsigned char *)s; p < end; p++) {
        switch (*p) {
        case '"':
            sk_buf_puts(out, "\\\"");
            break;
        case '\\':
            sk_buf_puts(out, "\\\\");
            break;
        case '\n':
            sk_buf_puts(out, "\\n");
            break;
        case '\t':
            sk_buf_puts(out, "\\t");
            break;
        case '\r':
            sk_buf_puts(out, "\\r");
            break;
        default:
            if (*p >= 0x80) {
                int n = utf8_length(p, (size_t)(end - p));
                if (n) { /* well-formed UTF-8 goes through as it is */
                    sk_buf_append(out, (const char *)p, (size_t)n);
                    p += n - 1;
                } else { /* any other byte is read as Latin-1 (GCG's default charset) */
                    sk_buf_printf(out, "\\u%04x", *p);
                }
            } else if (*p < 0x20 || *p == 0x7f) {
                sk_buf_printf(out, "\\u%04x", *p);
            } else {
                sk_buf_putc(out, (char)*p);
            }
        }
    }
    sk_buf_putc(out, '"');
}

void sk_cli_text(sk_buf *out, const char *s)
{
    sk_cli_text_n(out, s, strlen(s));
}

void sk_cli_text_n(sk_buf *out, const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    for (; p < end; p++) {
        int n = *p >= 0x80 ? utf8_length(p, (size_t)(end - p)) : 0;
        if (n) { /* well-formed UTF-8 goes through as it is */
            sk_buf_append(out, (const char *)p, (size_t)n);
            p += n - 1;
        } else if (*p >= 0x80) { /* any other byte is read as Latin-1 (GCG's default charset) */
            sk_buf_putc(out, (char)(0xc0 | *p >> 6));
            sk_buf_putc(out, (char)(0x80 | (*p & 0x3f)));
        } else if ((*p < 0x20 && *p != '\t') || *p == 0x7f) { /* no terminal control */
            sk_buf_printf(out, "\\x%02x", *p);
        } else {
            sk_buf_putc(out, (char)*p);
        }
    }
}

static void note_truncated(sk_cli *cli, const char *file)
{
    fprintf(cli->err, "%s: note: too many problems; only the first %d are shown\n", file,
            SK_DIAG_MAX_ENTRIES);
}

void sk_cli_print_errors(sk_cli *cli, const char *file, const char *text, size_t len,
                         const sk_diag_list *diags)
{
    sk_cli_print_diags(cli, file, 0, text, len, diags, SK_CLI_DIAG_ERRORS_ONLY);
    if (diags->truncated) note_truncated(cli, file); /* the errors shown are not all */
}

void sk_cli_print_diags(sk_cli *cli, const char *file, int first_line, const char *text, size_t len,
                        const sk_diag_list *diags, unsigned flags)
{
    if (flags & SK_CLI_DIAG_NONE) return;
    int json = (flags & SK_CLI_DIAG_JSON) != 0, quiet = (flags & SK_CLI_DIAG_ERRORS_ONLY) != 0;
    sk_buf line;
    sk_buf_init(&line);
    for (size_t i = 0; i < diags->count; i++) {
        const sk_diag *d = &diags->items[i];
        if (quiet && d->severity != SK_SEV_ERROR) continue;
        int l = first_line, c = 0;
        if (d->offset != SK_DIAG_NO_OFFSET && text) {
            sk_diag_locate(text, len, d->offset, &l, &c);
            if (first_line > 0) l += first_line - 1;
        }
        if (d->no_column) c = 0;
        sk_buf_clear(&line);
        if (json) {
            sk_buf_puts(&line, "{\"file\":");
            sk_json_string(&line, file);
            sk_buf_printf(&line, ",\"line\":%d,\"col\":%d,\"severity\":\"%s\",\"message\":", l, c,
                          sk_severity_name(d->severity));
            sk_json_string(&line, d->message);
            sk_buf_puts(&line, "}\n");
            fputs(sk_buf_str(&line), cli->out);
        } else {
            if (l && c)
                sk_buf_printf(&line, "%s:%d:%d: ", file, l, c);
            else if (l)
                sk_buf_printf(&line, "%s:%d: ", file, l);
            else
                sk_buf_printf(&line, "%s: ", file);
            sk_buf_printf(&line, "%s: ", sk_severity_name(d->severity));
            sk_cli_text(&line, d->message); /* it may quote the input's bytes */
            sk_buf_putc(&line, '\n');
            fputs(sk_buf_str(&line), cli->err);
        }
    }
    if (diags->truncated && !quiet && json) { /* said in the stream a program reads */
        sk_buf_clear(&line);
        sk_buf_puts(&line, "{\"file\":");
        sk_json_string(&line, file);
        sk_buf_printf(&line,
                      ",\"line\":0,\"col\":0,\"severity\":\"note\",\"message\":\"too many "
                      "problems; only the first %d are shown\"}\n",
                      SK_DIAG_MAX_ENTRIES);
        fputs(sk_buf_str(&line), cli->out);
    } else if (diags->truncated && !quiet) {
        note_truncated(cli, file);
    }
    sk_buf_free(&line);
}

int sk_cli_write(sk_cli *cli, const sk_buf *buf)
{
    if (buf->failed) {
        sk_cli_error(cli, "out of memory");
        return SK_EXIT_ERROR;
    }
    if (cli->out_state != SK_OUT_OPEN) return SK_EXIT_ERROR;
    if (buf->len && fwrite(buf->data, 1, buf->len, cli->out) != buf->len)
        return sk_cli_write_failed(cli);
    return SK_EXIT_OK;
}

int sk_cli_write_failed(sk_cli *cli)
{
    if (cli->out_state != SK_OUT_OPEN) return SK_EXIT_ERROR; /* said, or nothing to say */
    if (errno == EPIPE) {
        cli->out_state = SK_OUT_CLOSED;
        return SK_EXIT_ERROR;
    }
    sk_cli_error(cli, "write error on standard output: %s", errno ? strerror(errno) : "I/O error");
    cli->out_state = SK_OUT_FAILED;
    return SK_EXIT_ERROR;
}

int sk_cli_load_board(sk_cli *cli, const char *name, sk_board_format format, sk_board *out)
{
    char path[SK_PATH_MAX];
    if (strcmp(name, "-") == 0) {
        snprintf(path, sizeof(path), "-");
    } else if (sk_resource_find(&cli->datadirs, SK_RES_BOARD, name, path, sizeof(path)) != SK_OK) {
        sk_cli_error(cli, SK_BOARD_MISSING_FMT, name);
        return SK_EXIT_ERROR;
    }
    sk_buf text;
    sk_buf_init(&text);
    int status = SK_EXIT_ERROR;
    if (sk_cli_read(cli, path, SK_BOARD_FILE_MAX, &text, 0) == SK_OK)
        status = sk_cli_parse_board(cli, strcmp(path, "-") == 0 ? "<stdin>" : path, text.data,
                                    text.len, format, out);
    sk_buf_free(&text);
    return status;
}

/* The end of the line that starts at AT (its newline, or LEN). */
static size_t line_end(const char *text, size_t len, size_t at)
{
    const char *nl = memchr(text + at, '\n', len - at);
    return nl ? (size_t)(nl - text) : len;
}

sk_board_format sk_cli_guess_board(sk_cli *cli, const char *text, size_t len, sk_cli_guess *guess)
{
    static const char *const board_formats[] = {"skrabbkle", "cs104", "magpie", NULL};
    sk_board_format format =
        sk_board_detect_why(text, len, &guess->certain, guess->why, sizeof(guess->why));
    guess->what = format == SK_BOARD_FORMAT_CS104    ? "a CS104 board"
                  : format == SK_BOARD_FORMAT_MAGPIE ? "a MAGPIE board"
                                                     : "a SkraBBKle board";
    guess->format = sk_board_format_name(format);
    guess->from = 0;
    guess->to = line_end(text, len, 0);
    if (format == SK_BOARD_FORMAT_CS104 && guess->to < len)
        guess->to = line_end(text, len, guess->to + 1); /* the start square is read too */
    guess->names = NULL;
    for (const sk_cli_option *o = cli->cmd ? cli->cmd->options : NULL; o && o->long_name; o++)
        if (strcmp(o->long_name, "format") == 0) guess->names = board_formats;
    return format;
}

void sk_cli_note_guess(const sk_cli_guess *guess, const char *text, size_t len,
                       const sk_diag_list *diags, sk_diag_list *out)
{
    size_t blank = 0;
    while (blank < len && (text[blank] == ' ' || text[blank] == '\t' || text[blank] == '\r' ||
                           text[blank] == '\n'))
        blank++;
    if (guess->certain || blank == len || sk_board_is_drawing(text, len)) return;
    for (size_t i = guess->from; i < guess->to; i++)
        if ((unsigned char)text[i] < 0x20 && text[i] != '\t' && text[i] != '\r' && text[i] != '\n')
            return;
    int doubted = 0;
    for (size_t i = 0; i < diags->count && !doubted; i++) {
        const sk_diag *d = &diags->items[i];
        doubted = d->severity == SK_SEV_ERROR && d->offset != SK_DIAG_NO_OFFSET &&
                  d->offset >= guess->from && d->offset <= guess->to;
    }
    if (!doubted) return;
    char others[100] = "";
    size_t n = 0, at = 0;
    for (size_t i = 0; guess->names && guess->names[i]; i++)
        n += strcmp(guess->names[i], guess->format) != 0;
    for (size_t i = 0; guess->names && guess->names[i] && at < sizeof(others); i++) {
        if (strcmp(guess->names[i], guess->format) == 0) continue;
        n--;
        at += (size_t)snprintf(others + at, sizeof(others) - at, "%s%s", guess->names[i],
                               n == 0   ? ""
                               : n == 1 ? " or "
                                        : ", ");
    }
    if (others[0])
        sk_diag_add(out, SK_SEV_NOTE, SK_DIAG_NO_OFFSET,
                    "read as %s because %s; use --format %s if it is another", guess->what,
                    guess->why, others);
    else
        sk_diag_add(out, SK_SEV_NOTE, SK_DIAG_NO_OFFSET, "read as %s because %s", guess->what,
                    guess->why);
}

int sk_cli_report_too_large(sk_cli *cli, const char *file, size_t max, const char *what,
                            unsigned flags)
{
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_diag_add(&diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET, "file is larger than %zu bytes: not %s",
                max, what);
    sk_cli_print_diags(cli, file, 0, "", 0, &diags, flags);
    sk_diag_list_free(&diags);
    return SK_EXIT_FINDINGS;
}

int sk_cli_parse_board(sk_cli *cli, const char *shown, const char *text, size_t len,
                       sk_board_format format, sk_board *out)
{
    if (len > SK_BOARD_FILE_MAX) /* read whole by a caller that reads positions too (show) */
        return sk_cli_report_too_large(cli, shown, SK_BOARD_FILE_MAX, "a board file", 0);
    sk_diag_list diags, note;
    sk_diag_list_init(&diags);
    sk_diag_list_init(&note);
    sk_cli_guess guess;
    if (format == SK_BOARD_FORMAT_AUTO)
        format = sk_cli_guess_board(cli, text, len, &guess);
    else
        guess.what = NULL;
    int rc = sk_board_parse(out, text, len, format, &diags);
    sk_diag_list_sort(&diags);
    if (guess.what) sk_cli_note_guess(&guess, text, len, &diags, &note);
    sk_cli_print_diags(cli, shown, 0, text, len, &note, 0);
    sk_cli_print_errors(cli, shown, text, len, &diags);
    sk_diag_list_free(&note);
    sk_diag_list_free(&diags);
    if (rc == SK_EINVAL || rc == SK_ETOOBIG) return SK_EXIT_FINDINGS; /* past a bound: invalid */
    return rc == SK_OK ? SK_EXIT_OK : SK_EXIT_ERROR;
}
