/* tiles_builtin.c — the tile sets built into the program, by name: the SkraBBKle bag
 * (docs/rules.md, "The SkraBBKle bag") and the letter distributions of ten tournament languages
 * (docs/formats.md, "Tile sets"), each kept as the letter-distribution CSV it would be in a file
 * and read by the same parser. */
#include <string.h>

#include "skrab/error.h"
#include "skrab/tiles.h"

typedef struct {
    const char *name;
    const char *csv; /* label,lowercase,count,score,vowel lines */
} builtin_set;

static const builtin_set builtins[] = {
    {"skrabbkle",
     "?,?,2,5,0\nA,a,8,1,1\nB,b,2,3,0\nC,c,2,3,0\nD,d,4,2,0\nE,e,10,1,1\nF,f,3,4,0\nG,g,4,2,0\n"
     "H,h,3,4,0\nI,i,8,1,1\nJ,j,1,9,0\nK,k,1,6,0\nL,l,4,1,0\nM,m,2,3,0\nN,n,7,1,0\nO,o,7,1,1\n"
     "P,p,2,3,0\nQ,q,1,12,0\nR,r,6,1,0\nS,s,4,1,0\nT,t,6,1,0\nU,u,5,1,1\nV,v,2,4,0\nW,w,1,4,0\n"
     "X,x,1,9,0\nY,y,2,5,0\nZ,z,1,11,0\n"},
    {"catalan",
     "?,?,2,0,0\nA,a,12,1,1\nB,b,2,3,0\nC,c,3,2,0\n\xc3\x87,\xc3\xa7,1,10,0\nD,d,3,2,0\n"
     "E,e,13,1,1\nF,f,1,4,0\nG,g,2,3,0\nH,h,1,8,0\nI,i,8,1,1\nJ,j,1,8,0\nL,l,4,1,0\n"
     "L\xc2\xb7L,l\xc2\xb7l,1,10,0\nM,m,3,2,0\nN,n,6,1,0\nNY,ny,1,10,0\nO,o,5,1,1\nP,p,2,3,0\n"
     "QU,qu,1,8,0\nR,r,8,1,0\nS,s,8,1,0\nT,t,5,1,0\nU,u,4,1,1\nV,v,1,4,0\nX,x,1,10,0\n"
     "Z,z,1,8,0\n"},
    {"dutch",
     "?,?,2,0,0\nA,a,6,1,1\nB,b,2,3,0\nC,c,2,5,0\nD,d,5,2,0\nE,e,18,1,1\nF,f,2,4,0\nG,g,3,3,0\n"
     "H,h,2,4,0\nI,i,4,1,1\nJ,j,2,4,0\nK,k,3,3,0\nL,l,3,3,0\nM,m,3,3,0\nN,n,10,1,0\nO,o,6,1,1\n"
     "P,p,2,3,0\nQ,q,1,10,0\nR,r,5,2,0\nS,s,5,2,0\nT,t,5,2,0\nU,u,3,4,1\nV,v,2,4,0\nW,w,2,5,0\n"
     "X,x,1,8,0\nY,y,1,8,0\nZ,z,2,4,0\n"},
    {"english",
     "?,?,2,0,0\nA,a,9,1,1\nB,b,2,3,0\nC,c,2,3,0\nD,d,4,2,0\nE,e,12,1,1\nF,f,2,4,0\nG,g,3,2,0\n"
     "H,h,2,4,0\nI,i,9,1,1\nJ,j,1,8,0\nK,k,1,5,0\nL,l,4,1,0\nM,m,2,3,0\nN,n,6,1,0\nO,o,8,1,1\n"
     "P,p,2,3,0\nQ,q,1,10,0\nR,r,6,1,0\nS,s,4,1,0\nT,t,6,1,0\nU,u,4,1,1\nV,v,2,4,0\nW,w,2,4,0\n"
     "X,x,1,8,0\nY,y,2,4,0\nZ,z,1,10,0\n"},
    {"french",
     "?,?,2,0,0\nA,a,9,1,1\nB,b,2,3,0\nC,c,2,3,0\nD,d,3,2,0\nE,e,15,1,1\nF,f,2,4,0\nG,g,2,2,0\n"
     "H,h,2,4,0\nI,i,8,1,1\nJ,j,1,8,0\nK,k,1,10,0\nL,l,5,1,0\nM,m,3,2,0\nN,n,6,1,0\nO,o,6,1,1\n"
     "P,p,2,3,0\nQ,q,1,8,0\nR,r,6,1,0\nS,s,6,1,0\nT,t,6,1,0\nU,u,6,1,1\nV,v,2,4,0\nW,w,1,10,0\n"
     "X,x,1,10,0\nY,y,1,10,1\nZ,z,1,10,0\n"},
    {"german",
     "?,?,2,0,0\nA,a,5,1,1\n\xc3\x84,\xc3\xa4,1,6,1\nB,b,2,3,0\nC,c,2,4,0\nD,d,4,1,0\n"
     "E,e,15,1,1\nF,f,2,4,0\nG,g,3,2,0\nH,h,4,2,0\nI,i,6,1,1\nJ,j,1,6,0\nK,k,2,4,0\nL,l,3,2,0\n"
     "M,m,4,3,0\nN,n,9,1,0\nO,o,3,2,1\n\xc3\x96,\xc3\xb6,1,8,1\nP,p,1,4,0\nQ,q,1,10,0\n"
     "R,r,6,1,0\nS,s,7,1,0\nT,t,6,1,0\nU,u,6,1,1\n\xc3\x9c,\xc3\xbc,1,6,1\nV,v,1,6,0\n"
     "W,w,1,3,0\nX,x,1,8,0\nY,y,1,10,0\nZ,z,1,3,0\n"},
    {"norwegian",
     "?,?,2,0,0\nA,a,7,1,1\n\xc3\x85,\xc3\xa5,2,4,1\n\xc3\x86,\xc3\xa6,1,6,1\nB,b,3,4,0\n"
     "C,c,1,10,0\nD,d,5,1,0\nE,e,9,1,1\nF,f,4,2,0\nG,g,4,2,0\nH,h,3,3,0\nI,i,5,1,1\nJ,j,2,4,0\n"
     "K,k,4,2,0\nL,l,5,1,0\nM,m,3,2,0\nN,n,6,1,0\nO,o,4,2,1\n\xc3\x98,\xc3\xb8,2,5,1\n"
     "P,p,2,4,0\nR,r,6,1,0\nS,s,6,1,0\nT,t,6,1,0\nU,u,3,4,1\nV,v,3,4,0\nW,w,1,8,0\nY,y,1,6,0\n"},
    {"polish", "?,?,2,0,0\nA,a,9,1,1\n\xc4\x84,\xc4\x85,1,5,1\nB,b,2,3,0\nC,c,3,2,0\n"
               "\xc4\x86,\xc4\x87,1,6,0\nD,d,3,2,0\nE,e,7,1,1\n\xc4\x98,\xc4\x99,1,5,1\nF,f,1,5,0\n"
               "G,g,2,3,0\nH,h,2,3,0\nI,i,8,1,1\nJ,j,2,3,0\nK,k,3,2,0\nL,l,3,2,0\n"
               "\xc5\x81,\xc5\x82,2,3,0\nM,m,3,2,0\nN,n,5,1,0\n\xc5\x83,\xc5\x84,1,7,0\nO,o,6,1,1\n"
               "\xc3\x93,\xc3\xb3,1,5,1\nP,p,3,2,0\nR,r,4,1,0\nS,s,4,1,0\n\xc5\x9a,\xc5\x9b,1,5,0\n"
               "T,t,3,2,0\nU,u,2,3,1\nW,w,4,1,0\nY,y,4,2,1\nZ,z,5,1,0\n\xc5\xb9,\xc5\xba,1,9,0\n"
               "\xc5\xbb,\xc5\xbc,1,5,0\n"},
    {"slovene",
     "?,?,2,0,0\nA,a,10,1,1\nB,b,2,4,0\nC,c,1,8,0\n\xc4\x8c,\xc4\x8d,1,5,0\nD,d,4,2,0\n"
     "E,e,11,1,1\nF,f,1,10,0\nG,g,2,4,0\nH,h,1,5,0\nI,i,9,1,1\nJ,j,4,1,0\nK,k,3,3,0\nL,l,4,1,0\n"
     "M,m,2,3,0\nN,n,7,1,0\nO,o,8,1,1\nP,p,2,3,0\nR,r,6,1,0\nS,s,6,1,0\n"
     "\xc5\xa0,\xc5\xa1,1,6,0\nT,t,4,1,0\nU,u,2,3,1\nV,v,4,2,0\nZ,z,2,4,0\n"
     "\xc5\xbd,\xc5\xbe,1,10,0\n"},
    {"spanish",
     "?,?,2,0,0\nA,a,12,1,1\nB,b,2,3,0\nC,c,4,3,0\nCH,ch,1,5,0\nD,d,5,2,0\nE,e,12,1,1\n"
     "F,f,1,4,0\nG,g,2,2,0\nH,h,2,4,0\nI,i,6,1,1\nJ,j,1,8,0\nL,l,4,1,0\nLL,ll,1,8,0\nM,m,2,3,0\n"
     "N,n,5,1,0\n\xc3\x91,\xc3\xb1,1,8,0\nO,o,9,1,1\nP,p,2,3,0\nQ,q,1,5,0\nR,r,5,1,0\n"
     "RR,rr,1,8,0\nS,s,6,1,0\nT,t,4,1,0\nU,u,5,1,1\nV,v,1,4,0\nX,x,1,8,0\nY,y,1,4,0\n"
     "Z,z,1,10,0\n"},
    {"swedish",
     "?,?,2,0,0\nA,a,8,1,1\nB,b,2,4,0\nC,c,1,8,0\nD,d,5,1,0\nE,e,7,1,1\nF,f,2,3,0\nG,g,3,2,0\n"
     "H,h,2,2,0\nI,i,5,1,1\nJ,j,1,7,0\nK,k,3,2,0\nL,l,5,1,0\nM,m,3,2,0\nN,n,6,1,0\nO,o,5,2,1\n"
     "P,p,2,4,0\nR,r,8,1,0\nS,s,8,1,0\nT,t,8,1,0\nU,u,3,4,1\nV,v,2,3,0\nX,x,1,8,0\nY,y,1,7,1\n"
     "Z,z,1,10,0\n\xc3\x85,\xc3\xa5,2,4,1\n\xc3\x84,\xc3\xa4,2,3,1\n\xc3\x96,\xc3\xb6,2,4,1\n"},
};

#define BUILTINS (sizeof(builtins) / sizeof(builtins[0]))

const char *sk_tileset_builtin_name(int i)
{
    return i >= 0 && (size_t)i < BUILTINS ? builtins[i].name : NULL;
}

int sk_tileset_builtin(sk_tileset *out, const char *name)
{
    for (size_t b = 0; b < BUILTINS; b++) {
        if (strcmp(name, builtins[b].name) != 0) continue;
        const char *csv = builtins[b].csv;
        return sk_tileset_parse(out, csv, strlen(csv), SK_TILES_FORMAT_CSV, NULL);
    }
    memset(out, 0, sizeof(*out));
    return SK_ENOTFOUND;
}
