/* cmd_boggle.c — `skrab boggle gen|solve|check|play` (docs/boggle.md): rolling grids from dice,
 * listing every word of a grid with its score, checking words against a grid. One table entry
 * (`boggle`) dispatches to the four subcommands, each with its own options and --help; solve and
 * check live in cmd_boggle_solve.c, the interactive game in cmd_boggle_play.c. */
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "cli_game.h"
#include "cli_commands.h"
#include "cmd_boggle.h"
#include "skrab/error.h"

#define GEN_COUNT_MAX 10000000L

/* ---- shared with cmd_boggle_play.c and cmd_boggle_solve.c ------------------------------------ */
int sk_boggle_cli_lexicon(sk_cli *cli, const char *name, sk_lexicon **out)
{
    *out = NULL;
    char path[SK_PATH_MAX];
    if (sk_lexicon_find(&cli->datadirs, name, path, sizeof(path)) != SK_OK) {
        sk_cli_error(cli, "no lexicon named '%s' (built in: wordlist; or a word list or KWG file)",
                     name);
        return SK_EXIT_ERROR;
    }
    return sk_cli_load_lexicon_file(cli, path, out);
}

const char *sk_boggle_cli_default_dice(int size)
{
    static const char *const defaults[] = {"small", "new", "big", "super"};
    if (size < SK_BOGGLE_SIZE_MIN || size > SK_BOGGLE_SIZE_MAX) size = 4;
    return defaults[size - SK_BOGGLE_SIZE_MIN];
}

int sk_boggle_cli_dice(sk_cli *cli, const char *name, int size, sk_boggle_dice *out)
{
    if (!name) name = sk_boggle_cli_default_dice(size);
    char path[SK_PATH_MAX];
    if (sk_resource_find(&cli->datadirs, SK_RES_DICE, name, path, sizeof(path)) != SK_OK) {
        sk_cli_error(cli,
                     "no dice named '%s' (built in: small 3x3, classic and new 4x4, big 5x5, "
                     "super 6x6; or a file)",
                     name);
        return SK_EXIT_ERROR;
    }
    sk_buf text;
    sk_buf_init(&text);
    int status = SK_EXIT_ERROR;
    if (sk_cli_read(cli, path, SK_BOGGLE_DICE_FILE_MAX, &text, 0) == SK_OK) {
        sk_diag_list d;
        sk_diag_list_init(&d);
        status = sk_boggle_dice_parse(out, text.data, text.len, &d) == SK_OK ? SK_EXIT_OK
                                                                             : SK_EXIT_FINDINGS;
        sk_cli_print_diags(cli, path, 0, sk_buf_str(&text), text.len, &d, 0);
        sk_diag_list_free(&d);
    }
    sk_buf_free(&text);
    if (status != SK_EXIT_OK) return status;
    int n = out->count == 9 ? 3 : out->count == 16 ? 4 : out->count == 25 ? 5 : 6;
    if (size && n != size) {
        sk_cli_error(cli, "the dice '%s' are %d dice, for a %dx%d grid, not %dx%d", name,
                     out->count, n, n, size, size);
        return SK_EXIT_ERROR;
    }
    return SK_EXIT_OK;
}

int sk_boggle_cli_all_letters(const char *w, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!((w[i] >= 'A' && w[i] <= 'Z') || (w[i] >= 'a' && w[i] <= 'z'))) return 0;
    return len > 0;
}

uint64_t sk_boggle_cli_random_seed(void)
{
    uint64_t seed = 0;
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd >= 0) {
        if (read(fd, &seed, sizeof(seed)) != (ssize_t)sizeof(seed)) seed = 0;
        close(fd);
    }
    if (seed == 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32;
    }
    return seed;
}

void sk_boggle_cli_draw(sk_buf *out, const sk_boggle_grid *g, int indent)
{
    for (int r = 0; r < g->size; r++) {
        sk_buf_printf(out, "%*s", indent, "");
        for (int c = 0; c < g->size; c++) {
            unsigned char t = g->cells[r * g->size + c];
            if (t == SK_BOGGLE_Q)
                sk_buf_puts(out, c + 1 < g->size ? "Qu  " : "Qu");
            else
                sk_buf_printf(out, c + 1 < g->size ? "%c   " : "%c", 'A' + t - 1);
        }
        sk_buf_putc(out, '\n');
    }
}

/* ---- gen ------------------------------------------------------------------------------------- */
enum { G_SIZE, G_DICE, G_SEED, G_COUNT, G_PRETTY, G_JSON };
static const sk_cli_option gen_options[] = {
    {G_SIZE, "size", 'N', "N", "grid size 3..6 (default 4, or the size of --dice)", "3 4 5 6"},
    {G_DICE, "dice", 'd', "DICE", "dice set: small, classic, new, big, super, or a file",
     SK_CLI_DICE_VALUES},
    {G_SEED, "seed", 's', "S", "random seed (a number): the same seed rolls the same grids",
     "<number>"},
    {G_COUNT, "count", 'n', "COUNT", "roll COUNT grids, one a line (default 1)", "<number>"},
    {G_PRETTY, "pretty", 'p', NULL, "draw each grid as rows of letters (Qu for Q)", NULL},
    {G_JSON, "json", 0, NULL, "JSON Lines: {\"grid\",\"size\",\"dice\",\"seed\"} for each grid",
     NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

static int run_gen(sk_cli *cli, int argc, char **argv)
{
    long long count = 1;
    int size = 0;
    const char *dice_name = NULL;
    uint64_t seed = 0;
    int have_seed = 0, pretty = 0, json = 0;
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (opt == G_SIZE &&
            sk_cli_opts_int(&o, SK_BOGGLE_SIZE_MIN, SK_BOGGLE_SIZE_MAX, &size) != SK_EXIT_OK)
            return SK_EXIT_ERROR;
        if (opt == G_DICE) dice_name = o.optarg;
        if (opt == G_SEED) {
            if (sk_cli_opts_u64(&o, UINT64_MAX, &seed) != SK_EXIT_OK) return SK_EXIT_ERROR;
            have_seed = 1;
        }
        if (opt == G_COUNT && sk_cli_opts_number(&o, 0, GEN_COUNT_MAX, &count) != SK_EXIT_OK)
            return SK_EXIT_ERROR;
        if (opt == G_PRETTY) pretty = 1;
        if (opt == G_JSON) json = 1;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    if (o.optind < argc) return sk_cli_usage_error(cli, "gen takes no arguments");
    sk_boggle_dice dice;
    int status = sk_boggle_cli_dice(cli, dice_name, size, &dice);
    if (status != SK_EXIT_OK) return status;
    if (!have_seed) seed = sk_boggle_cli_random_seed();
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    sk_buf out;
    sk_buf_init(&out);
    for (long long i = 0; i < count && status == SK_EXIT_OK; i++) {
        sk_boggle_grid g;
        char text[64];
        sk_boggle_roll(&g, &dice, &rng);
        sk_boggle_grid_format(&g, text, sizeof(text));
        if (json) {
            sk_buf_printf(&out, "{\"grid\":\"%s\",\"size\":%d,\"dice\":", text, g.size);
            sk_json_string(&out, dice_name ? dice_name : sk_boggle_cli_default_dice(size));
            sk_buf_printf(&out, ",\"seed\":%llu}\n", (unsigned long long)seed);
        } else if (pretty) {
            if (i) sk_buf_putc(&out, '\n');
            sk_boggle_cli_draw(&out, &g, 0);
        } else {
            sk_buf_printf(&out, "%s\n", text);
        }
        if (out.len > 65536 || i + 1 == count) {
            status = sk_cli_write(cli, &out);
            sk_buf_clear(&out);
        }
    }
    sk_buf_free(&out);
    return status;
}

/* ---- dispatch -------------------------------------------------------------------------------- */
static int run_play(sk_cli *cli, int argc, char **argv)
{
    return sk_boggle_cli_play(cli, argc, argv);
}

const sk_cmd sk_boggle_subcommands[] = {
    {"boggle gen", run_gen, "roll Boggle grids from real dice", "[OPTIONS]",
     "Shakes the dice into the tray and rolls each: prints the grid as rows joined by '/'\n"
     "(Q stands for the Qu face). Dice: small (3x3, skrab's choice), classic and new (4x4),\n"
     "big (5x5 Big Boggle), super (6x6, skrab's choice); -N picks the default set of a size.\n"
     "Without --seed the grids are random; with one, the same seed rolls the same grids.",
     gen_options, NULL},
    {"boggle solve", sk_boggle_cli_solve, "list every word of Boggle grids", "[OPTIONS] [GRID...]",
     "Finds every word of each GRID (rows joined by '/', or N*N letters; one a line from\n"
     "standard input when none is given, or for '-') that can be traced through adjacent\n"
     "cubes, diagonals included, each cube at most once; Q is the Qu face and counts two\n"
     "letters. Prints 'SCORE WORD' lines, alphabetically, then 'GRID: W words, P points'.\n"
     "Scores: 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8 or more: 11. Exit status 1 when a grid is\n"
     "malformed.",
     sk_boggle_solve_options, NULL},
    {"boggle check", sk_boggle_cli_check, "check words against a Boggle grid",
     "[OPTIONS] GRID [WORD...]",
     "Says of each WORD (the arguments, else one a line from standard input, as for '-')\n"
     "whether it can be traced in GRID and is in the lexicon: 'ok WORD: N points' or\n"
     "'no WORD: REASON'.\n"
     "Exit status 1 when any word is not valid.",
     sk_boggle_check_options, NULL},
    {"boggle play", run_play, "play Boggle against the computer", "[OPTIONS]",
     "A timed round (3 minutes unless --time): type the words you find, one a line; an empty\n"
     "line ends the round early. Then the results: words found by both (no points), yours,\n"
     "the computer's, and those not on the board or not in the lexicon. Strike non-words with\n"
     "'strike WORD...' (the computer forgets its struck words); Enter starts the next round;\n"
     "'target N', 'restart', 'quit'. The first to the target score wins. The computer starts\n"
     "from a small dictionary and learns each word you find with a chance of DIFFICULTY in\n"
     "10; it keeps its words in $XDG_DATA_HOME/skrab/boggle-words.txt (default\n"
     "~/.local/share/skrab). Without a terminal on standard input there is no countdown.",
     sk_boggle_play_options, NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};

int sk_cmd_boggle(sk_cli *cli, int argc, char **argv)
{
    return sk_cli_run_subcommand(cli, argc, argv, NULL);
}
