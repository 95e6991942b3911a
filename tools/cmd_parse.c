/* cmd_parse.c — `skrab parse [MOVE...]`: reads moves in any notation (arguments, else one a
 * line from stdin) and prints what the notation alone says, normalised, one line a move. With
 * --position POS the moves are resolved against it and printed in canonical GCG form. */
#include <string.h>

#include "cli_game.h"
#include "cli_commands.h"
#include "skrab/error.h"

enum { OPT_POSITION, OPT_JSON };
const sk_cli_option sk_parse_options[] = {
    SK_CLI_GAME_OPTIONS,
    {OPT_POSITION, "position", 'p', "POS",
     "resolve the moves against this position: canonical GCG output", NULL},
    {OPT_JSON, "json", 0, NULL, "print one JSON object per move on standard output", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    int json, have_position, all_ok;
    sk_cli_game game;
    sk_position pos;
    sk_tileset tiles; /* -t without a position: the moves' alphabet; with one, its tile set
                       * with every count beyond what a board holds (no count is checked) */
    const sk_alphabet *alphabet;
    sk_buf out;
} parsing;

/* Appends the tile string TILES as text: each tile's label, '.' for a tile the notation leaves
 * unnamed. */
static void tiles_text(sk_buf *o, const sk_alphabet *a, const char *tiles)
{
    for (const char *p = tiles; *p; p++) {
        if (*p == SK_MOVE_UNNAMED)
            sk_buf_putc(o, '.');
        else
            sk_alphabet_write(a, (sk_tile)*p, o);
    }
}

/* The tile string TILES as a JSON string of its labels. */
static void json_tiles(sk_buf *o, const sk_alphabet *a, const char *tiles)
{
    sk_buf t;
    sk_buf_init(&t);
    tiles_text(&t, a, tiles);
    sk_json_string(o, sk_buf_str(&t));
    sk_buf_free(&t);
}

/* One object a move, every key on every line (null where the move has no such value):
 * input (the INPUT_LEN bytes of INPUT, NUL bytes included) notation kind row col dir tiles word
 * reason. */
static void json_move(sk_buf *o, const sk_alphabet *a, const char *input, size_t input_len,
                      const sk_move *m, const char *word, const char *reason)
{
    sk_buf_puts(o, "{\"input\":");
    sk_json_string_n(o, input, input_len);
    if (!m) {
        sk_buf_puts(o, ",\"notation\":null,\"kind\":null,\"row\":null,\"col\":null,"
                       "\"dir\":null,\"tiles\":null,\"word\":null,\"reason\":");
        sk_json_string(o, reason);
        sk_buf_puts(o, "}\n");
        return;
    }
    sk_buf_printf(o, ",\"notation\":\"%s\",\"kind\":\"%s\"", sk_notation_name(m->notation),
                  sk_move_kind_name(m->kind));
    if (m->kind == SK_MOVE_PLACE)
        sk_buf_printf(o, ",\"row\":%d,\"col\":%d,\"dir\":\"%s\"", m->row + 1, m->col + 1,
                      m->dir == SK_ACROSS ? "across" : "down");
    else
        sk_buf_puts(o, ",\"row\":null,\"col\":null,\"dir\":null");
    sk_buf_puts(o, ",\"tiles\":");
    if (m->kind == SK_MOVE_PLACE && m->notation == SK_NOTATION_GCG) {
        char placed[SK_MOVE_TILES_MAX + 1]; /* bare letters: placed unless the board says not */
        int n = 0;
        for (int i = 0; i < m->ntiles; i++)
            if (!m->through[i] && m->tiles[i] != SK_MOVE_UNNAMED) placed[n++] = m->tiles[i];
        placed[n] = '\0';
        json_tiles(o, a, placed);
    } else if (m->kind == SK_MOVE_PLACE) {
        json_tiles(o, a, m->tiles);
    } else if (m->kind == SK_MOVE_EXCHANGE && m->exchange[0]) {
        json_tiles(o, a, m->exchange);
    } else {
        sk_buf_puts(o, "null"); /* a pass, or a blind exchange ("-4": see input) */
    }
    sk_buf_puts(o, ",\"word\":");
    if (word)
        sk_json_string(o, word);
    else
        sk_buf_puts(o, "null");
    sk_buf_puts(o, ",\"reason\":null}\n");
}

/* Says on standard error why the move INPUT[0..LEN) is not read: "skrab parse: 'INPUT': WHY",
 * both quoted as text for a terminal (docs/commands.md, "Diagnostics"). */
static void report(sk_cli *cli, const char *input, size_t len, const char *why)
{
    sk_buf line;
    sk_buf_init(&line);
    sk_buf_puts(&line, "skrab parse: '");
    sk_cli_text_n(&line, input, len);
    sk_buf_puts(&line, "': ");
    sk_cli_text(&line, why);
    sk_buf_putc(&line, '\n');
    fputs(sk_buf_str(&line), cli->err);
    sk_buf_free(&line);
}

static int parse_one(void *ctx, const char *text, size_t len)
{
    parsing *p = ctx;
    char input[SK_MOVE_TEXT_MAX + 1], why[300];
    size_t input_len = sk_cli_move_echo(input, text, len);
    sk_move m;
    sk_buf word;
    sk_buf_init(&word);
    int ok = sk_move_parse(&m, text, len, p->alphabet, why, sizeof(why)) == SK_OK;
    sk_play play;
    if (ok && p->have_position && m.kind == SK_MOVE_PLACE) {
        /* the board decides which squares the move covers; no other rule is checked */
        sk_rules loose = p->game.loaded.rules;
        loose.lexicon = NULL;
        loose.tiles = &p->tiles;   /* nor how many of a tile there are */
        p->pos.racks[0][0] = '\0'; /* nor the rack */
        sk_illegal rc = sk_rules_check(&loose, &p->pos, &m, -1, &play, why, sizeof(why));
        if (rc == SK_LEGAL || rc > SK_ILLEGAL_NOT_ON_RACK)
            tiles_text(&word, p->alphabet, play.words[0].letters);
        else
            ok = 0;
    } else if (ok && m.notation == SK_NOTATION_GCG && m.kind == SK_MOVE_PLACE) {
        tiles_text(&word, p->alphabet, m.tiles);
    }
    if (!ok) {
        p->all_ok = 0;
        if (p->json)
            json_move(&p->out, p->alphabet, input, input_len, NULL, NULL, why);
        else
            report(p->cli, input, input_len, why);
    } else if (p->json) {
        json_move(&p->out, p->alphabet, input, input_len, &m, word.len ? word.data : NULL, NULL);
    } else if (p->have_position && m.kind == SK_MOVE_PLACE) {
        sk_play_write_gcg(&play, p->alphabet, &p->out);
        sk_buf_putc(&p->out, '\n');
    } else {
        sk_move_write_normalised(&p->out, &m, p->alphabet);
        sk_buf_putc(&p->out, '\n');
    }
    sk_buf_free(&word);
    int status = sk_cli_write(p->cli, &p->out);
    sk_buf_clear(&p->out);
    return status;
}

int sk_cmd_parse(sk_cli *cli, int argc, char **argv)
{
    parsing p = {.cli = cli, .all_ok = 1, .alphabet = sk_alphabet_default()};
    sk_cli_game_init(&p.game);
    const char *position = NULL;
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    o.options_first = 1; /* "-ABC" after the position is a move */
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (sk_cli_game_option(&p.game, opt, o.optarg)) continue;
        if (opt == OPT_POSITION)
            position = o.optarg;
        else if (opt == OPT_JSON)
            p.json = 1;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    int status = SK_EXIT_OK;
    sk_cli_posinput in;
    memset(&in, 0, sizeof(in));
    if (position) {
        if (!p.game.lexicon_name) p.game.lexicon_name = "none"; /* parse checks no words */
        status = sk_cli_load_position(cli, position, o.optind == argc, &in, &p.pos, &p.game);
        p.have_position = 1;
        p.alphabet = &p.game.loaded.tiles.alphabet;
        p.tiles = p.game.loaded.tiles;
        for (int t = 0; t < SK_ALPHABET_MAX; t++)
            p.tiles.count[t] = 2 * SK_BOARD_MAX * SK_BOARD_MAX;
    } else if (p.game.tiles_name) {
        char path[SK_PATH_MAX];
        status =
            sk_cli_game_load_tiles(cli, &p.game, p.game.tiles_name, &p.tiles, path, sizeof(path));
        p.alphabet = &p.tiles.alphabet;
    }
    if (!position && status == SK_EXIT_OK) /* -R -b -l: used with a position only, still valid */
        status = sk_cli_game_check(cli, &p.game);
    sk_buf_init(&p.out);
    if (status == SK_EXIT_OK)
        status = sk_cli_for_each_move(cli, argc, argv, o.optind, parse_one, &p);
    sk_buf_free(&p.out);
    sk_cli_posinput_free(&in);
    sk_cli_game_free(&p.game);
    if (status == SK_EXIT_OK && !p.all_ok) status = SK_EXIT_FINDINGS;
    return status;
}
