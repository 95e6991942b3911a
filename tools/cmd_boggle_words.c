/* cmd_boggle_words.c — the words `skrab boggle play`'s computer knows (cmd_boggle_play.c): where
 * they are kept between games, reading and saving them, and the solver compiled from them. The
 * word file's format and the learning rules are lib/boggle_game.c's. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd_boggle.h"
#include "skrab/error.h"

void sk_boggle_memory_locate(sk_boggle_memory *m, const sk_cli *cli, const char *option)
{
    const char *xdg = cli->data_home, *home = cli->home;
    int n = -1;
    m->is_default = option == NULL;
    if (option)
        n = snprintf(m->path, sizeof(m->path), "%s", option);
    else if (xdg && xdg[0] == '/')
        n = snprintf(m->path, sizeof(m->path), "%s/skrab/boggle-words.txt", xdg);
    else if (home && home[0] == '/')
        n = snprintf(m->path, sizeof(m->path), "%s/.local/share/skrab/boggle-words.txt", home);
    if (n < 0 || (size_t)n >= sizeof(m->path)) m->path[0] = '\0';
}

/* Reads the word file at PATH into the computer's dictionary. Returns SK_OK, SK_ENOTFOUND, or
 * another code after printing the problem. */
static int read_words(sk_cli *cli, sk_boggle_game *game, const char *path)
{
    sk_buf text;
    sk_buf_init(&text);
    int rc = sk_buf_read_file(&text, path, SK_BOGGLE_WORDSET_FILE_MAX + 1);
    if (rc == SK_OK) {
        sk_diag_list d;
        sk_diag_list_init(&d);
        rc = sk_boggle_wordset_parse(&game->dict, text.data, text.len, &d);
        sk_cli_print_diags(cli, path, 0, sk_buf_str(&text), text.len, &d, 0);
        sk_diag_list_free(&d);
    } else if (rc != SK_ENOTFOUND) {
        sk_cli_error(cli, "%s: cannot read: %s", path,
                     rc == SK_ETOOBIG ? "too large" : sk_strerror(rc));
    }
    sk_buf_free(&text);
    return rc;
}

int sk_boggle_memory_load(sk_cli *cli, const sk_boggle_memory *m, sk_boggle_game *game)
{
    if (m->path[0]) {
        int rc = read_words(cli, game, m->path);
        if (rc == SK_OK) return SK_EXIT_OK;
        if (rc != SK_ENOTFOUND) {
            sk_cli_error(cli,
                         "%s: the computer's words cannot be read; the game does not start, "
                         "so that the file is not saved over (move it away to start anew)",
                         m->path);
            return SK_EXIT_ERROR;
        }
    }
    char starter[SK_PATH_MAX];
    if (sk_resource_find(&cli->datadirs, SK_RES_DICE, "starter-words", starter, sizeof(starter)) !=
            SK_OK ||
        read_words(cli, game, starter) != SK_OK)
        sk_cli_error(cli, "warning: no starter words (boggle/starter-words.txt): the computer "
                          "starts knowing no word");
    return SK_EXIT_OK;
}

/* The directory part of PATH into DIR[SIZE] ("." for a bare name). */
static void directory_of(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, size, ".");
    else if (slash == path)
        snprintf(dir, size, "/");
    else
        snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

int sk_boggle_memory_check_dir(sk_cli *cli, const sk_boggle_memory *m)
{
    if (m->is_default || !m->path[0]) return SK_EXIT_OK;
    char dir[SK_PATH_MAX];
    struct stat st;
    directory_of(m->path, dir, sizeof(dir));
    int found = stat(dir, &st) == 0;
    if (found && S_ISDIR(st.st_mode)) return SK_EXIT_OK;
    sk_cli_error(cli, "--words %s: %s: %s", m->path, dir,
                 found             ? "not a directory"
                 : errno == ENOENT ? "no such directory"
                                   : strerror(errno));
    return SK_EXIT_ERROR;
}

/* mkdir -p of the directory of the default word file, mode 0700 (the XDG base directory rule).
 * Returns 0, or -1 with errno set. */
static int make_default_dir(const char *path)
{
    char dir[SK_PATH_MAX];
    directory_of(path, dir, sizeof(dir));
    for (char *q = dir + 1; *q; q++) {
        if (*q != '/') continue;
        *q = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) return -1;
        *q = '/';
    }
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) return -1;
    return 0;
}

void sk_boggle_memory_save(sk_cli *cli, const sk_boggle_memory *m, sk_boggle_game *game)
{
    if (!game->dict_changed) return;
    if (!m->path[0]) {
        sk_cli_error(cli, "warning: neither XDG_DATA_HOME nor HOME is set: the computer's "
                          "words are not kept");
    } else if ((m->is_default && make_default_dir(m->path) != 0) ||
               sk_boggle_wordset_save(&game->dict, m->path) != SK_OK) {
        sk_cli_error(cli, "warning: cannot save the computer's words to %s: %s", m->path,
                     strerror(errno));
    }
    game->dict_changed = 0;
}

int sk_boggle_memory_solve(sk_boggle_memory *m, const sk_boggle_game *game,
                           const sk_boggle_round *r, sk_boggle_words *out)
{
    if (!m->solver || m->stale) {
        sk_lexicon *lex = NULL;
        sk_boggle_solver_free(m->solver);
        m->solver = NULL;
        int rc = sk_boggle_wordset_lexicon(&game->dict, &lex);
        if (rc == SK_OK) rc = sk_boggle_solver_new(&m->solver, lex);
        sk_lexicon_free(lex);
        if (rc != SK_OK) return rc;
        m->stale = 0;
    }
    int rc = sk_boggle_solve(m->solver, &r->grid, r->min_len, out);
    return rc == SK_ETOOBIG ? SK_OK : rc; /* what was found in time is what the computer saw */
}

void sk_boggle_memory_free(sk_boggle_memory *m)
{
    sk_boggle_solver_free(m->solver);
    m->solver = NULL;
}
