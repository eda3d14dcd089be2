#ifndef TABSTAGE_CWEBP_SHIM_H
#define TABSTAGE_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>

/* The ABI-checked entry points are macros or inline functions in the headers: Swift sees
   these wrappers instead. */
static inline int tabstage_webp_anim_encoder_options_init(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *tabstage_webp_anim_encoder_new(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline int tabstage_webp_config_init(WebPConfig *config) { return WebPConfigInit(config); }
static inline int tabstage_webp_picture_init(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline void tabstage_webp_data_init(WebPData *data) { WebPDataInit(data); }
static inline void tabstage_webp_data_clear(WebPData *data) { WebPDataClear(data); }
static inline int tabstage_webp_anim_decoder_options_init(WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *tabstage_webp_anim_decoder_new(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}
static inline WebPDemuxer *tabstage_webp_demux(const WebPData *data) { return WebPDemux(data); }
#endif
