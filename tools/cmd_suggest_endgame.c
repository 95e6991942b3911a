/* cmd_suggest_endgame.c — `skrab suggest --endgame`: whether a position is an endgame (the
 * reason on standard error when not), and the answer for one that is: the solver's best line,
 * who plays each move and what it scores, how the game ends and the final spread, in text or as
 * one JSON object (docs/commands.md, "Endgames"). Not the solving: lib/endgame.c; nor the stream
 * of positions: cmd_suggest.c. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd_suggest.h"
#include "skrab/endgame.h"
#include "skrab/error.h"

int sk_suggest_endgame_ready(sk_cli *cli, const sk_rules *rules, const sk_position *pos,
                             const char *where)
{
    char opponent[SK_RACK_MAX + 1], why[200];
    if (sk_endgame_check(rules, pos, opponent, why, sizeof(why)) == SK_ENDGAME_READY) return 1;
    sk_cli_error(cli, "%s: not an endgame: %s", where, why);
    return 0;
}

static const char *end_name(sk_endgame_end end)
{
    return end == SK_ENDGAME_END_OUT ? "out" : end == SK_ENDGAME_END_IDLE ? "idle" : "horizon";
}

static void write_text(const sk_suggest_style *style, const sk_endgame_result *r, sk_buf *out)
{
    for (int i = 0; i < r->nmoves; i++) {
        sk_buf_printf(out, "p%d %d ", i % 2 + 1, r->moves[i].score);
        sk_gen_move_write(&r->moves[i], style->notation, style->alphabet, out);
        sk_buf_putc(out, '\n');
    }
    if (r->end == SK_ENDGAME_END_OUT)
        sk_buf_printf(out, "end %+lld: p%d went out\n", (long long)r->end_points,
                      (r->nmoves - 1) % 2 + 1);
    else if (r->end == SK_ENDGAME_END_IDLE)
        sk_buf_printf(out, "end %+lld: the idle turns ran out\n", (long long)r->end_points);
    else
        sk_buf_printf(out, "end: not reached in %d plies\n", r->depth);
    sk_buf_printf(out, "spread %+lld, %s\n", (long long)r->spread,
                  r->proven ? "proven" : "not proven");
}

static void write_json(const sk_suggest_style *style, const sk_endgame_result *r, int line,
                       sk_buf *out)
{
    sk_buf_printf(out, "{\"line\":%d,\"endgame\":[", line);
    sk_buf text;
    sk_buf_init(&text);
    for (int i = 0; i < r->nmoves; i++) {
        sk_buf_clear(&text);
        sk_gen_move_write(&r->moves[i], style->notation, style->alphabet, &text);
        sk_buf_printf(out, "%s{\"player\":%d,\"move\":", i ? "," : "", i % 2 + 1);
        sk_json_string(out, text.data);
        sk_buf_printf(out, ",\"score\":%d}", r->moves[i].score);
    }
    sk_buf_free(&text);
    sk_buf_printf(out,
                  "],\"end\":\"%s\",\"end_points\":%lld,\"value\":%lld,\"spread\":%lld,"
                  "\"proven\":%s,\"depth\":%d}\n",
                  end_name(r->end), (long long)r->end_points, (long long)r->value,
                  (long long)r->spread, r->proven ? "true" : "false", r->depth);
}

int sk_suggest_endgame(sk_endgame **eg, const sk_suggest_style *style, const sk_rules *rules,
                       const sk_position *pos, int line, long long time_ms, int best, sk_buf *out,
                       int *listed)
{
    if (!*eg && sk_endgame_new(eg) != SK_OK) return SK_ENOMEM;
    sk_endgame_result *r = malloc(sizeof(*r));
    if (!r) return SK_ENOMEM;
    sk_endgame_limits limits = {(double)time_ms / 1000.0, 0, 0, 0};
    int rc = sk_endgame_solve(*eg, rules, pos, &limits, r);
    if (rc == SK_OK) {
        if (best && !style->json) {
            sk_gen_move_write(&r->moves[0], style->notation, style->alphabet, out);
            sk_buf_putc(out, '\n');
        } else if (style->json) {
            write_json(style, r, line, out);
        } else {
            write_text(style, r, out);
        }
        *listed = r->nmoves;
    }
    free(r);
    return rc != SK_OK ? rc : out->failed ? SK_ENOMEM : SK_OK;
}
