#!/bin/sh
# A cheating player for `skrab selfplay --player 'cmd:sh samples/play/cheater.sh'`: whatever the
# position, it answers its first three tiles as a word across from 8H.
read -r board racks rest
rack=${racks%%/*}
echo "8H $(printf '%s' "$rack" | cut -c1-3)"
