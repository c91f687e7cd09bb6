// A few plain C functions over pocketsphinx, whose configuration is variadic and so cannot be called from Swift.
#ifndef HEIRLOOM_CSPEECH_SHIM_H
#define HEIRLOOM_CSPEECH_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// A pocketsphinx decoder with its model loaded; used by one thread at a time.
typedef struct heirloom_stt heirloom_stt;

/// Loads the model in `model_dir` (Debian's /usr/share/pocketsphinx/model/en-us: the acoustic model `en-us`,
/// `en-us.lm.bin` and `cmudict-en-us.dict`); NULL when it cannot be loaded.
heirloom_stt *heirloom_stt_open(const char *model_dir);

/// Decodes one utterance of 16 kHz mono 16-bit samples. Returns its words, one a line, as
/// "first frame<TAB>last frame<TAB>word\n" (100 frames a second from the utterance's start), without silences,
/// noises or pronunciation variants; "" when nothing was said; NULL on failure. Free with heirloom_stt_free.
char *heirloom_stt_decode(heirloom_stt *stt, const int16_t *samples, size_t count);

void heirloom_stt_close(heirloom_stt *stt);

void heirloom_stt_free(void *pointer);

#endif
