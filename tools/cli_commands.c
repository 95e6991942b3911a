/* cli_commands.c — the one table of subcommands; `skrab help` lists it in this order. */
#include "cli_commands.h"

const sk_cmd sk_commands[] = {
    {"help", sk_cmd_help, "show help for skrab or one of its commands", "[COMMAND [SUBCOMMAND]]",
     NULL, NULL, NULL},
    {"lint", sk_cmd_lint, "check board, tile-set and CS104 config files", "[OPTIONS] [FILE...]",
     "Checks each FILE (standard input when none is given, or '-') and reports every problem\n"
     "as FILE:LINE:COL: error: MESSAGE on standard error. The kind of file is detected from\n"
     "its content: a board (SkraBBKle, CS104 or MAGPIE layout), a tile set (CS104 tile file or\n"
     "letter-distribution CSV) or a CS104 game configuration (whose TILES, BOARD and\n"
     "DICTIONARY files are checked too); when a guess may be what is wrong, a note says how\n"
     "the file was read and why. Exit status: 0 all valid, 1 a file has errors, 2 a file\n"
     "could not be read or bad usage.",
     sk_lint_options, NULL},
    {"show", sk_cmd_show, "draw a board or a position", "[OPTIONS] [BOARD|POS]",
     "Draws BOARD (a built-in name such as skrabbkle, CrosswordGame, SuperCrosswordGame, a\n"
     "file, or '-' for standard input; default skrabbkle) in the SkraBBKle text layout: three\n"
     "characters a square (' . ', '(3)' letter factor, '{2}' word factor, '(12' and '{-3' when\n"
     "the factor has two characters), column letters above and below, row numbers on both\n"
     "sides. --svg writes an SVG picture instead.",
     sk_show_options, NULL},
    {"lexicon", sk_cmd_lexicon, "compile word lists, check words, find anagrams",
     "build|lookup|anagram|info [OPTIONS] [ARGS]",
     "Subcommands (each has --help):\n"
     "  build WORDLIST -o FILE.kwg   compile a word list to a KWG word graph\n"
     "  lookup [-l LEX] [WORD...]    check words (standard input when none given)\n"
     "  anagram [-l LEX] RACK        the words a rack makes ('?' = blank)\n"
     "  info FILE...                 words, nodes and bytes of a lexicon\n"
     "LEX is a name (default wordlist), a word list or a KWG file, told apart by content.",
     NULL, sk_lexicon_subcommands},
    {"parse", sk_cmd_parse, "read moves in any notation and print them normalised",
     "[OPTIONS] [MOVE...]",
     "Reads each MOVE (the arguments, else one a line from standard input) in SkraBBKle\n"
     "('DINT,h6'), GCG ('8G WORD', '-', '-ABC') or CS104 ('PLACE - 8 8 WORD', 'EXCHANGE ABC',\n"
     "'PASS') notation and prints it normalised in its own notation. With --position POS the\n"
     "move is laid on that board and printed in canonical GCG form with the whole word\n"
     "('H6 DINT'). A move that does not parse is reported on standard error; exit status 1.",
     sk_parse_options, NULL},
    {"check", sk_cmd_check, "check moves against a position", "[OPTIONS] POS [MOVE...]",
     "POS is a file of CGP lines (the first is used; a second is a warning), '-' for standard\n"
     "input, or a CGP line. Each MOVE (the arguments, else one a line from standard input)\n"
     "in any notation - SkraBBKle 'DINT,h6', GCG '8G WORD', CS104 'PLACE - 8 8 WORD' - is\n"
     "checked against it: 'ok MOVE' or 'illegal MOVE: REASON'. Exit status 1 when any move\n"
     "is illegal.",
     sk_check_options, NULL},
    {"score", sk_cmd_score, "score moves against a position", "[OPTIONS] POS [MOVE...]",
     "Like check, but prints 'SCORE MOVE' with the move in canonical GCG form ('8G UNPItIED');\n"
     "--explain adds each word's letters, letter and word factors, and the bingo bonus.",
     sk_score_options, NULL},
    {"apply", sk_cmd_apply, "play moves on a position and print the new one",
     "[OPTIONS] POS [MOVE...]",
     "Plays each MOVE in turn from the first position of POS (tiles placed, taken off a known\n"
     "rack, score added, turn passed on) and prints the resulting CGP line; --each prints\n"
     "one after every move. An illegal move stops it with the reason on standard error and\n"
     "exit status 1. --draw SEED refills each rack from the unseen pool; the same seed draws\n"
     "the same tiles.",
     sk_apply_options, NULL},
    {"validate", sk_cmd_validate, "check whole positions: words, connection, start, counts",
     "[OPTIONS] [POS...]",
     "Checks every CGP line of each POS (a file, '-', or a CGP line; standard input when none\n"
     "is given): every run of two or more letters is a word, the tiles are connected, the\n"
     "start square is covered, no tile stands alone, and no kind of tile appears more often\n"
     "than the bag holds. Findings as FILE:LINE: error: MESSAGE; exit status 1 when any.",
     sk_validate_options, NULL},
    {"suggest", sk_cmd_suggest, "the best moves for the player to move", "[OPTIONS] [POS]",
     "For each CGP line of POS (a file, '-', or a CGP line; standard input when none is given)\n"
     "prints the best moves for player 1's rack as 'SCORE MOVE' lines, best first, in input\n"
     "order. Moves are ranked by equity (score + the value of the tiles kept: --leaves FILE;\n"
     "by default the shipped leaves when the game's lexicon is the shipped word list and\n"
     "there are leaves for its rules, else a built-in heuristic, as with --leaves none) or\n"
     "with --rank score by score; ties in a fixed order (row, column, across before down,\n"
     "word). --best prints just the best move of each position, one line each: the engine\n"
     "protocol selfplay speaks.\n"
     "Every line gets an answer that ends, so a program can talk to suggest a line at a time:\n"
     "the text answer ends with an empty line, the --json one with {\"line\",\"moves\",\n"
     "\"answered\"}; a line that cannot be answered gets an empty answer (the reason on\n"
     "stderr). From a pipe or a terminal each answer is flushed at once. --jobs answers in\n"
     "batches of 256 positions: for streams, not for a program waiting for each answer.",
     sk_suggest_options, NULL},
    {"play", sk_cmd_play, "play SkraBBKle against the computer, or the CS104 game", "[OPTIONS]",
     "Without --config: the SkraBBKle game (rules skrabbkle), you against the computer, in the\n"
     "dialogue of the SkraBBKle coursework: load or default board, open or closed game, moves\n"
     "as 'WORD,square' ('DINT,h6' down, 'ANCE,6i' across, ',' to pass); the computer plays its\n"
     "best-scoring move. With --config FILE: the CS104 game (rules classic) for 1 to 8 people\n"
     "or computers, with PASS, EXCHANGE TILES and PLACE DIR ROW COLUMN TILES. --seed N deals\n"
     "the same tiles again. When standard input is not a terminal each answer is echoed, so a\n"
     "scripted session reads like the game on screen; the end of input ends the game.",
     sk_play_options, NULL},
    {"selfplay", sk_cmd_selfplay, "run games between automated players", "[OPTIONS]",
     "Plays -n games between the --player SPECs (default: two best), in seating order, the\n"
     "first player rotating. A SPEC is best (highest score), equity (score + leave; the\n"
     "leaves of --leaves, as suggest's; equity:FILE or equity:none its own), endgame (equity,\n"
     "then the endgame solver once the bag is empty), sim[:N[:K]] (simulates the K best\n"
     "moves N times, as suggest --sim), simple (an A or I on the opening move, else\n"
     "exchanges), pass, or cmd:COMMAND: a program started for each turn that reads the\n"
     "position as one CGP line and writes one move line (skrab suggest --best is one); NAME=\n"
     "names the player. A player that answers an illegal move, or nothing within\n"
     "--move-timeout, is dropped from that game. One line a game, then the totals; the same\n"
     "--seed plays the same games. Rules classic unless -R skrabbkle.",
     sk_selfplay_options, NULL},
    {"leaves", sk_cmd_leaves, "learn leave values for equity from self-play",
     "train [OPTIONS] -o FILE",
     "Subcommands (each has --help):\n"
     "  train -o FILE.klv2   learn leave values from games of self-play, write them as KLV2\n"
     "The file is read by suggest --leaves and selfplay --leaves (docs/engine.md, \"Trained\n"
     "leave values\").",
     NULL, sk_leaves_subcommands},
    {"replay", sk_cmd_replay, "check GCG game transcripts move by move", "[OPTIONS] [GCG...]",
     "Replays each GCG transcript (standard input when none is given, or '-') on the board\n"
     "and checks its notation, turn order, each rack against the unseen tiles, each move's\n"
     "legality and score, each running total and the end-of-game points. The rule set, board,\n"
     "tile set and lexicon come from the #game-type, #board-layout, #tile-distribution and\n"
     "#lexicon lines, or from -R -b -t -l; -l none skips word checks (for lexicons not at\n"
     "hand). Findings go to standard error as FILE:LINE:COL: error: MESSAGE, one summary line\n"
     "a transcript to standard output (--json: findings and one verdict object a file).\n"
     "--positions prints instead the CGP line before each turn, the move played and its\n"
     "player as ops, for 'skrab suggest' to say what was best and what the move played lost.\n"
     "Exit status: 0 all clean, 1 findings, 2 unreadable.",
     sk_replay_options, NULL},
    {"boggle", sk_cmd_boggle, "Boggle: roll, solve and check grids, play the computer",
     "gen|solve|check|play [OPTIONS] [ARGS]",
     "Subcommands (each has --help):\n"
     "  gen [-N SIZE] [--dice D] [--seed S]   roll a grid from real dice\n"
     "  solve [GRID...]                       every word of a grid, its score, the total\n"
     "  check GRID [WORD...]                  can each word be traced, is it a word\n"
     "  play                                  a timed game against a computer that learns\n"
     "A GRID is N rows of N letters (3 <= N <= 6) joined by '/' or N*N letters; Q is Qu.",
     NULL, sk_boggle_subcommands},
    {"completion", sk_cmd_completion, "print a shell completion script (bash or zsh)", "bash|zsh",
     "Prints a script for bash or zsh that completes skrab's commands, subcommands, options and\n"
     "the values of options. It is made from the same tables as --help, so it always matches\n"
     "this skrab. The build writes both scripts, and installing puts them where bash-completion\n"
     "and zsh look for them: share/bash-completion/completions/skrab and\n"
     "share/zsh/site-functions/_skrab. To try one at once: source <(skrab completion bash), or\n"
     "in zsh, after compinit: source <(skrab completion zsh).",
     NULL, sk_completion_shells},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
