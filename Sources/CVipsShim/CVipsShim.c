#include "CVipsShim.h"

#include <string.h>
#include <vips/vips.h>

int heirloom_vips_start(void) {
    if (VIPS_INIT("heirloom")) {
        return -1;
    }
    // Files are read once each; caching them only holds memory and file handles.
    vips_cache_set_max(0);
    vips_cache_set_max_files(0);
    return 0;
}

int heirloom_image_probe(const char *path, heirloom_image_info *info) {
    VipsImage *image = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) {
        return -1;
    }
    memset(info, 0, sizeof(*info));
    info->width = vips_image_get_width(image);
    info->height = vips_image_get_height(image);
    info->bands = vips_image_get_bands(image);
    info->orientation = vips_image_get_orientation(image);
    info->pages = vips_image_get_n_pages(image);
    const char *loader = NULL;
    if (!vips_image_get_string(image, "vips-loader", &loader) && loader) {
        g_strlcpy(info->loader, loader, sizeof(info->loader));
    }
    const char *taken = NULL;
    if (vips_image_get_typeof(image, "exif-ifd2-DateTimeOriginal") &&
        !vips_image_get_string(image, "exif-ifd2-DateTimeOriginal", &taken) && taken) {
        // libvips renders EXIF strings as "2024:05:01 12:30:00 (2024:05:01 12:30:00, ASCII, 20 components, 20 bytes)".
        g_strlcpy(info->taken_at, taken, sizeof(info->taken_at) < 20 ? sizeof(info->taken_at) : 20);
    }
    g_object_unref(image);
    return 0;
}

static int save_jpeg(VipsImage *image, const char *path, int quality) {
    VipsImage *flat = NULL;
    int result;
    if (vips_image_hasalpha(image)) {
        double white[3] = {255, 255, 255};
        VipsArrayDouble *background = vips_array_double_new(white, 3);
        result = vips_flatten(image, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        if (result) {
            return -1;
        }
        image = flat;
    }
    result = vips_jpegsave(image, path, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
    if (flat) {
        g_object_unref(flat);
    }
    return result;
}

int heirloom_image_resize_pair(
    const char *input,
    const char *large_output, int large_size,
    const char *small_output, int small_size,
    int quality) {
    VipsImage *large = NULL;
    VipsImage *memory = NULL;
    VipsImage *small = NULL;
    int result = -1;
    // vips_thumbnail applies the EXIF orientation and shrinks JPEG, HEIC and WebP while decoding.
    if (vips_thumbnail(input, &large, large_size, "height", large_size, "size", VIPS_SIZE_DOWN,
                       "fail_on", VIPS_FAIL_ON_ERROR, NULL)) {
        goto done;
    }
    // Decode once into memory, then derive both sizes from it.
    memory = vips_image_copy_memory(large);
    if (!memory) {
        goto done;
    }
    if (save_jpeg(memory, large_output, quality)) {
        goto done;
    }
    if (vips_thumbnail_image(memory, &small, small_size, "height", small_size, "size", VIPS_SIZE_DOWN, NULL)) {
        goto done;
    }
    if (save_jpeg(small, small_output, quality)) {
        goto done;
    }
    result = 0;
done:
    if (small) g_object_unref(small);
    if (memory) g_object_unref(memory);
    if (large) g_object_unref(large);
    return result;
}

char *heirloom_vips_error(void) {
    return vips_error_buffer_copy();
}

void heirloom_free(void *pointer) {
    g_free(pointer);
}
