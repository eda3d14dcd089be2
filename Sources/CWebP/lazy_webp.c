/* libwebp, libwebpmux and libwebpdemux, loaded on first use: see CLibraryLoader's lazy_loader.c. */
#include "tabstage_webp.h"
#include "tabstage_lazy.h"

/* libwebp. */
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_WEBP, WebPFree, (void *ptr), (ptr))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBP, int, WebPConfigInitInternal,
                    (WebPConfig * config, WebPPreset preset, float quality, int version), (config, preset, quality, version))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBP, int, WebPPictureInitInternal, (WebPPicture * picture, int version), (picture, version))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_WEBP, WebPPictureFree, (WebPPicture * picture), (picture))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBP, int, WebPPictureImportRGBA, (WebPPicture * picture, const uint8_t *rgba, int rgba_stride),
                    (picture, rgba, rgba_stride))

/* libwebpmux: the animation encoder. */
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPMUX, int, WebPAnimEncoderOptionsInitInternal, (WebPAnimEncoderOptions * options, int version),
                    (options, version))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPMUX, WebPAnimEncoder *, WebPAnimEncoderNewInternal,
                    (int width, int height, const WebPAnimEncoderOptions *options, int version),
                    (width, height, options, version))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPMUX, int, WebPAnimEncoderAdd,
                    (WebPAnimEncoder * enc, struct WebPPicture *frame, int timestamp_ms, const struct WebPConfig *config),
                    (enc, frame, timestamp_ms, config))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPMUX, int, WebPAnimEncoderAssemble, (WebPAnimEncoder * enc, WebPData *webp_data),
                    (enc, webp_data))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPMUX, const char *, WebPAnimEncoderGetError, (WebPAnimEncoder * enc), (enc))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_WEBPMUX, WebPAnimEncoderDelete, (WebPAnimEncoder * enc), (enc))

/* libwebpdemux: the demuxer and the animation decoder. */
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPDEMUX, WebPDemuxer *, WebPDemuxInternal,
                    (const WebPData *data, int allow_partial, WebPDemuxState *state, int version),
                    (data, allow_partial, state, version))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_WEBPDEMUX, WebPDemuxDelete, (WebPDemuxer * dmux), (dmux))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPDEMUX, uint32_t, WebPDemuxGetI, (const WebPDemuxer *dmux, WebPFormatFeature feature),
                    (dmux, feature))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPDEMUX, int, WebPDemuxGetFrame, (const WebPDemuxer *dmux, int frame_number, WebPIterator *iter),
                    (dmux, frame_number, iter))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPDEMUX, int, WebPDemuxNextFrame, (WebPIterator * iter), (iter))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_WEBPDEMUX, WebPDemuxReleaseIterator, (WebPIterator * iter), (iter))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPDEMUX, int, WebPAnimDecoderOptionsInitInternal, (WebPAnimDecoderOptions * options, int version),
                    (options, version))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPDEMUX, WebPAnimDecoder *, WebPAnimDecoderNewInternal,
                    (const WebPData *data, const WebPAnimDecoderOptions *options, int version), (data, options, version))
TABSTAGE_TRAMPOLINE(TABSTAGE_WEBPDEMUX, int, WebPAnimDecoderGetNext, (WebPAnimDecoder * dec, uint8_t **buf, int *timestamp),
                    (dec, buf, timestamp))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_WEBPDEMUX, WebPAnimDecoderDelete, (WebPAnimDecoder * dec), (dec))
