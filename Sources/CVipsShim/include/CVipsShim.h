// A few plain C functions over libvips, whose own API is variadic and so cannot be called from Swift.
#ifndef HEIRLOOM_CVIPS_SHIM_H
#define HEIRLOOM_CVIPS_SHIM_H

/// What a quick look at an image's header tells.
typedef struct {
    int width;
    int height;
    int bands;
    /// EXIF orientation 1...8 (1 when absent).
    int orientation;
    int pages;
    /// The libvips loader, such as "jpegload", "heifload", "pngload", "webpload", "gifload".
    char loader[48];
    /// EXIF DateTimeOriginal as written in the file ("2024:05:01 12:30:00"), or empty.
    char taken_at[40];
} heirloom_image_info;

/// Starts libvips once per process; returns 0 on success.
int heirloom_vips_start(void);

/// Reads an image's header without decoding its pixels; returns 0 on success.
int heirloom_image_probe(const char *path, heirloom_image_info *info);

/// Makes upright, metadata-free JPEGs of the image no larger than each size on the long edge,
/// decoding the file once (shrinking on load). Returns 0 on success.
int heirloom_image_resize_pair(
    const char *input,
    const char *large_output, int large_size,
    const char *small_output, int small_size,
    int quality);

/// The text of the last libvips errors (caller frees with heirloom_free), cleared after reading.
char *heirloom_vips_error(void);

void heirloom_free(void *pointer);

#endif
