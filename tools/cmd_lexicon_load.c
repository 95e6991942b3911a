/* cmd_lexicon_load.c — what the `skrab lexicon` subcommands share (see cmd_lexicon.h): the
 * alphabet words are read in, and a lexicon loaded by name, path or '-' with its findings said. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_game.h"
#include "cmd_lexicon.h"
#include "skrab/error.h"

const char *sk_lexcmd_shown_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

const sk_alphabet *sk_lexcmd_chosen(const sk_lexcmd_alphabet *c)
{
    return c->given ? &c->set.alphabet : NULL;
}

void sk_lexcmd_reading_options(const sk_lexcmd_alphabet *c, sk_kwg_build_options *opts)
{
    opts->alphabet = sk_lexcmd_chosen(c);
    opts->alphabet_name = c->name;
    opts->fold_accents = c->given && !c->keep_accents;
}

int sk_lexcmd_load_alphabet(sk_cli *cli, const char *name, sk_lexcmd_alphabet *c)
{
    c->given = 1;
    sk_cli_game g;
    sk_cli_game_init(&g);
    char path[SK_PATH_MAX];
    int status = sk_cli_game_load_tiles(cli, &g, name, &c->set, path, sizeof(path));
    sk_cli_game_free(&g);
    if (path[0])
        snprintf(c->name, sizeof(c->name), "the tile set %s", path);
    else
        snprintf(c->name, sizeof(c->name), "the %s tile set", name);
    return status;
}

/* Reports a failed load or read of PATH whose diagnostics did not already say why. */
static void report_code(sk_cli *cli, const char *path, int rc)
{
    const char *shown = sk_lexcmd_shown_name(path);
    if (rc == SK_ENOTFOUND)
        sk_cli_error(cli, "%s: no such file", shown);
    else if (rc == SK_EIO)
        sk_cli_error(cli, "%s: cannot read: %s", shown, errno ? strerror(errno) : "I/O error");
    else if (rc == SK_ETOOBIG)
        sk_cli_error(cli, "%s: larger than %zu bytes, the limit for a word list", shown,
                     (size_t)SK_WORDLIST_FILE_MAX);
    else
        sk_cli_error(cli, "%s: %s", shown, sk_strerror(rc));
}

/* 1 if what was loaded from PATH (TEXT when it was read whole) is a KWG by content. */
static int looks_like_kwg(const char *name, const char *path, const sk_buf *text)
{
    if (text->len > 0 || strcmp(name, "-") == 0) return sk_kwg_detect(text->data, text->len);
    /* a pipe was read whole (a KWG keeps its text): opened again, a FIFO would wait for a writer
     * that has come and gone */
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    unsigned char head[4];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(head, 1, sizeof(head), f) : 0;
    if (f) fclose(f);
    return sk_kwg_detect(head, n);
}

int sk_lexcmd_load(sk_cli *cli, const char *name, int cache, const sk_lexcmd_alphabet *ac,
                   sk_lexicon **out, int *was_wordlist, int *status_rc)
{
    sk_kwg_build_options opts = {0};
    if (ac) sk_lexcmd_reading_options(ac, &opts);
    *out = NULL;
    char path[SK_PATH_MAX], cache_dir[SK_PATH_MAX];
    int rc =
        strcmp(name, "-") == 0 ? SK_OK : sk_lexicon_find(&cli->datadirs, name, path, sizeof(path));
    if (rc != SK_OK) {
        sk_cli_error(cli,
                     "no lexicon named '%s' (built in: wordlist; or give the path of a "
                     "word list or a .kwg file)",
                     name);
        *status_rc = rc;
        return SK_EXIT_ERROR;
    }
    const char *dir = NULL;
    if (cache &&
        sk_lexicon_cache_dir(cli->cache_home, cli->home, cache_dir, sizeof(cache_dir)) == SK_OK)
        dir = cache_dir;
    sk_buf text;
    sk_diag_list diags;
    sk_buf_init(&text);
    sk_diag_list_init(&diags);
    errno = 0;
    if (strcmp(name, "-") == 0) {
        /* standard input: read whole, then told apart by content (not cached) */
        snprintf(path, sizeof(path), "<stdin>");
        rc = sk_buf_read_stream(&text, cli->in, SK_WORDLIST_FILE_MAX);
        if (rc == SK_OK && sk_kwg_detect(text.data, text.len))
            rc = sk_lexicon_from_kwg(out, text.data, text.len, &diags);
        else if (rc == SK_OK)
            rc = sk_lexicon_from_wordlist(out, text.data, text.len, &opts, NULL, &diags);
    } else {
        rc = sk_lexicon_load(out, path, dir, &opts, &text, &diags);
    }
    if (was_wordlist) *was_wordlist = !looks_like_kwg(name, path, &text);
    sk_diag_list_sort(&diags);
    sk_cli_print_errors(cli, path, text.data ? text.data : "", text.len, &diags);
    if (rc != SK_OK && diags.errors == 0) report_code(cli, path, rc);
    sk_diag_list_free(&diags);
    sk_buf_free(&text);
    *status_rc = rc;
    return rc == SK_OK ? SK_EXIT_OK : SK_EXIT_ERROR;
}
