#include "CSpeechShim.h"

#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct heirloom_stt {
    ps_decoder_t *decoder;
};

heirloom_stt *heirloom_stt_open(const char *model_dir) {
    // pocketsphinx writes its progress to stderr by default; the hub keeps its own log.
    err_set_logfp(NULL);
    char hmm[1024], lm[1024], dict[1024];
    snprintf(hmm, sizeof hmm, "%s/en-us", model_dir);
    snprintf(lm, sizeof lm, "%s/en-us.lm.bin", model_dir);
    snprintf(dict, sizeof dict, "%s/cmudict-en-us.dict", model_dir);
    // Silence is cut by the caller, so that frames count from the start of the samples given.
    cmd_ln_t *config = cmd_ln_init(
        NULL, ps_args(), TRUE, "-hmm", hmm, "-lm", lm, "-dict", dict, "-remove_silence", "no", "-logfn",
        "/dev/null", NULL);
    if (config == NULL) return NULL;
    ps_decoder_t *decoder = ps_init(config);
    cmd_ln_free_r(config);
    if (decoder == NULL) return NULL;
    heirloom_stt *stt = malloc(sizeof *stt);
    if (stt == NULL) {
        ps_free(decoder);
        return NULL;
    }
    stt->decoder = decoder;
    return stt;
}

/// Appends to a growing buffer; returns 0 on success.
static int append(char **buffer, size_t *length, size_t *capacity, const char *text) {
    size_t more = strlen(text);
    if (*length + more + 1 > *capacity) {
        size_t wanted = (*capacity + more + 1) * 2;
        char *grown = realloc(*buffer, wanted);
        if (grown == NULL) return -1;
        *buffer = grown;
        *capacity = wanted;
    }
    memcpy(*buffer + *length, text, more + 1);
    *length += more;
    return 0;
}

char *heirloom_stt_decode(heirloom_stt *stt, const int16_t *samples, size_t count) {
    ps_decoder_t *ps = stt->decoder;
    if (ps_start_utt(ps) < 0) return NULL;
    if (ps_process_raw(ps, samples, count, FALSE, TRUE) < 0) {
        ps_end_utt(ps);
        return NULL;
    }
    if (ps_end_utt(ps) < 0) return NULL;
    size_t capacity = 256, length = 0;
    char *out = malloc(capacity);
    if (out == NULL) return NULL;
    out[0] = '\0';
    for (ps_seg_t *seg = ps_seg_iter(ps); seg != NULL; seg = ps_seg_next(seg)) {
        const char *word = ps_seg_word(seg);
        // <s>, </s>, <sil>, [NOISE], [BREATH] …: not words.
        if (word == NULL || word[0] == '<' || word[0] == '[' || word[0] == '+') continue;
        char clean[256];
        snprintf(clean, sizeof clean, "%s", word);
        char *variant = strchr(clean, '(');  // "read(2)": the second pronunciation of "read".
        if (variant != NULL) *variant = '\0';
        if (clean[0] == '\0') continue;
        int first = 0, last = 0;
        ps_seg_frames(seg, &first, &last);
        char line[320];
        snprintf(line, sizeof line, "%d\t%d\t%s\n", first, last, clean);
        if (append(&out, &length, &capacity, line) != 0) {
            ps_seg_free(seg);
            free(out);
            return NULL;
        }
    }
    return out;
}

void heirloom_stt_close(heirloom_stt *stt) {
    if (stt == NULL) return;
    ps_free(stt->decoder);
    free(stt);
}

void heirloom_stt_free(void *pointer) { free(pointer); }
