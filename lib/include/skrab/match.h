/* match.h — one game from the first draw to the final scores: the bag (the unseen pool, drawn
 * from with a seeded sk_rng, so the same seed deals the same tiles), whose turn it is, moves
 * checked and applied, players dropped, the end of the game detected and scored under the rule
 * set, and every event kept so the game can be written as a GCG transcript. The interactive
 * games (`skrab play`) and the automated ones (`skrab selfplay`) both run on it.
 *
 * Players are seats 0..N-1 in playing order. The position inside (sk_position) is kept in the
 * view of the player to move (slot 0), as sk_game_apply leaves it.
 *
 * End of the game (checked after every move):
 *   - the bag is empty and the player who just moved has no tiles left ("went out");
 *   - the idle turns of the rules ran out (sk_rules_idle_end; docs/rules.md, "End of game"),
 *     the rule replay checks transcripts by;
 *   - no player left (all dropped), or MAX_TURNS turns (a safety net);
 *   - sk_match_stop (the caller ends it: end of input).
 * Final scores: skrabbkle — each player minus their own tiles; classic — the same, and when a
 * player went out, they gain the sum the others lose. */
#ifndef SKRAB_MATCH_H
#define SKRAB_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/api.h"
#include "skrab/buf.h"
#include "skrab/position.h"
#include "skrab/rng.h"
#include "skrab/rules.h"

typedef enum {
    SK_MATCH_RUNNING = 0,
    SK_MATCH_WENT_OUT,   /* the bag is empty and a player played their last tile */
    SK_MATCH_PASSES,     /* the idle turns ran out, passes only counting (end_passes_only) */
    SK_MATCH_ZEROS,      /* the idle turns ran out, every scoreless turn counting */
    SK_MATCH_NO_PLAYERS, /* every player was dropped */
    SK_MATCH_TURN_LIMIT, /* max_turns turns were played */
    SK_MATCH_STOPPED     /* ended by the caller */
} sk_match_state;

typedef enum {
    SK_EVENT_PLAY = 0,    /* a placement, an exchange or a pass */
    SK_EVENT_DROP,        /* the player was dropped (text: the reason) */
    SK_EVENT_END_POINTS,  /* the player went out and gains the others' tiles (text: the tiles) */
    SK_EVENT_END_PENALTY, /* the player loses their own tiles (text: the tiles) */
} sk_event_kind;

#define SK_EVENT_TEXT_MAX 400 /* room for the racks of the other players, written out */

typedef struct {
    sk_event_kind kind;
    int seat;
    sk_move_kind move; /* SK_EVENT_PLAY: what kind of move */
    /* the rack before the event, written as text (tile labels, alphabet.h) */
    char rack[SK_RACK_MAX * SK_LABEL_TEXT_MAX + 1];
    char text[SK_EVENT_TEXT_MAX]; /* PLAY: GCG notation "8G UNP.TIED", "-ABC", "-" */
    int score;                    /* the change of the seat's score */
    int total;                    /* the seat's score after it */
} sk_match_event;

typedef struct {
    const sk_rules *rules; /* borrowed; must outlive the match */
    sk_position pos;       /* slot 0 is the player to move */
    int nseats;
    int seat_of_slot[SK_PLAYERS_MAX];
    int dropped[SK_PLAYERS_MAX]; /* by seat */
    int final[SK_PLAYERS_MAX];   /* by seat: the final score (see sk_match_final) */
    int max_turns;
    int idle, turns; /* idle turns in a row (sk_rules_turn_idles); turns played */
    int out_seat;    /* the seat that went out, or -1 */
    sk_match_state state;
    sk_rng rng;
    sk_match_event *events; /* owned */
    size_t nevents, cap;
    int failed; /* an event could not be recorded (out of memory): the history is incomplete */
} sk_match;

/* Starts a game of NSEATS (1..SK_PLAYERS_MAX) players on an empty board of RULES->board, SEAT
 * FIRST to move, tiles drawn from RULES->tiles with SEED: full racks for each seat in playing
 * order from FIRST. The game ends by RULES (see above), or after max_turns (10000; change it
 * before the first move). Returns SK_OK or
 * SK_EINVAL (bad NSEATS or FIRST). Release with sk_match_free. */
SK_API int sk_match_start(sk_match *m, const sk_rules *rules, int nseats, int first, uint64_t seed);
SK_API void sk_match_free(sk_match *m);

/* The seat to move. */
SK_API int sk_match_to_move(const sk_match *m);
/* The rack and running score of SEAT ("" and the score at the drop for a dropped seat). The
 * running score leaves out the end-of-game points; sk_match_final has them once the game is
 * over (before, it is the running score). */
SK_API const char *sk_match_rack(const sk_match *m, int seat);
SK_API int sk_match_score(const sk_match *m, int seat);
SK_API int sk_match_final(const sk_match *m, int seat);
/* Tiles left in the bag. */
SK_API int sk_match_bag(const sk_match *m);

/* Checks MOVE for the player to move (sk_rules_check with the real bag; a blind exchange "-3",
 * which names no tiles, is refused). Returns SK_LEGAL or the rule broken, WHY as there. */
SK_API sk_illegal sk_match_check(const sk_match *m, const sk_move *move, sk_play *out, char *why,
                                 size_t why_size);

/* Plays PLAY (checked by sk_match_check) for the player to move: tiles placed, rack refilled,
 * score added, turn passed on, the end of the game checked (and scored). Returns SK_OK, or
 * SK_EINVAL when the game is over or the rack does not hold the tiles. */
SK_API int sk_match_play(sk_match *m, const sk_play *play);

/* Drops the player to move for the rest of the game (their tiles go back to the bag) with
 * REASON (recorded; may be NULL). The game goes on with the others. */
SK_API void sk_match_drop(sk_match *m, const char *reason);

/* Ends a running game now (state SK_MATCH_STOPPED) and scores it. */
SK_API void sk_match_stop(sk_match *m);

/* The seats with the highest sk_match_final among those not dropped: bit s set for seat s; 0 when
 * everyone was dropped. More than one bit: a draw. */
SK_API unsigned sk_match_winners(const sk_match *m);

/* What the GCG transcript names. */
typedef struct {
    const char *nick[SK_PLAYERS_MAX];    /* no white space; NULL: "p1", "p2", ... */
    const char *name[SK_PLAYERS_MAX];    /* NULL: the nick */
    const char *title;                   /* NULL: none */
    const char *lexicon, *board, *tiles; /* #lexicon, #board-layout, #tile-distribution; NULL:
                                            not written */
} sk_match_gcg_info;

/* Appends the game as a GCG transcript (docs/formats.md, "Transcripts (GCG)"): #character-encoding,
 * the pragmas, one event a turn (through tiles as '.'), the end-of-game points and penalties;
 * dropped players are named in #description and in a #note after the event before the drop. */
SK_API void sk_match_write_gcg(const sk_match *m, const sk_match_gcg_info *info, sk_buf *out);

#endif
