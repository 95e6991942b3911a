/* cli_leaves.h — which leave values a command ranks by equity with (suggest, selfplay): the file
 * of --leaves FILE, the built-in heuristic for --leaves none, or by default the shipped leaves of
 * the game (resources/leaves/LEXICON-RULES.klv2) when its lexicon is the shipped word list and
 * such a file is there, else the heuristic (docs/commands.md, "Leave values"). */
#ifndef SKRAB_CLI_LEAVES_H
#define SKRAB_CLI_LEAVES_H

#include <sys/types.h>

#include "cli.h"
#include "skrab/gamespec.h"
#include "skrab/leave.h"

typedef struct {
    sk_leaves *given;       /* --leaves FILE */
    const char *given_path; /* as given */
    int none;               /* --leaves none */
    sk_leaves *shipped[2];  /* by rule set, loaded when first wanted */
    int tried[2];
    int shipped_lexicon; /* 0 not looked for yet, 1 found (its file's device and inode), -1 none */
    dev_t lexicon_dev;
    ino_t lexicon_ino;
} sk_cli_leaves;

void sk_cli_leaves_init(sk_cli_leaves *l);
void sk_cli_leaves_free(sk_cli_leaves *l);

/* Takes --leaves ARG: "none", or a KLV/KLV2 file, loaded now (its problems printed). Returns
 * SK_EXIT_OK or SK_EXIT_ERROR. */
int sk_cli_leaves_option(sk_cli *cli, sk_cli_leaves *l, const char *arg);

/* The leaves to rank GAME's moves with: the file given, NULL (the heuristic) for none, or the
 * shipped leaves of GAME when there are (NULL otherwise). Not thread-safe: called while a game
 * is set up. */
const sk_leaves *sk_cli_leaves_for(sk_cli *cli, sk_cli_leaves *l, const sk_game *game);

#endif
