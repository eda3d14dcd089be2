/* libjpeg-turbo's TurboJPEG API, loaded on first use: see CLibraryLoader's lazy_loader.c. */
#include "tabstage_turbojpeg.h"
#include "tabstage_lazy.h"

TABSTAGE_TRAMPOLINE(TABSTAGE_TURBOJPEG, tjhandle, tjInitCompress, (void), ())
TABSTAGE_TRAMPOLINE(TABSTAGE_TURBOJPEG, int, tjCompress2,
                    (tjhandle handle, const unsigned char *srcBuf, int width, int pitch, int height, int pixelFormat,
                     unsigned char **jpegBuf, unsigned long *jpegSize, int jpegSubsamp, int jpegQual, int flags),
                    (handle, srcBuf, width, pitch, height, pixelFormat, jpegBuf, jpegSize, jpegSubsamp, jpegQual, flags))
TABSTAGE_TRAMPOLINE(TABSTAGE_TURBOJPEG, tjhandle, tjInitDecompress, (void), ())
TABSTAGE_TRAMPOLINE(TABSTAGE_TURBOJPEG, int, tjDecompressHeader3,
                    (tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, int *width, int *height,
                     int *jpegSubsamp, int *jpegColorspace),
                    (handle, jpegBuf, jpegSize, width, height, jpegSubsamp, jpegColorspace))
TABSTAGE_TRAMPOLINE(TABSTAGE_TURBOJPEG, tjscalingfactor *, tjGetScalingFactors, (int *numScalingFactors),
                    (numScalingFactors))
TABSTAGE_TRAMPOLINE(TABSTAGE_TURBOJPEG, int, tjDecompress2,
                    (tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, unsigned char *dstBuf,
                     int width, int pitch, int height, int pixelFormat, int flags),
                    (handle, jpegBuf, jpegSize, dstBuf, width, pitch, height, pixelFormat, flags))
TABSTAGE_TRAMPOLINE(TABSTAGE_TURBOJPEG, int, tjDestroy, (tjhandle handle), (handle))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_TURBOJPEG, tjFree, (unsigned char *buffer), (buffer))
TABSTAGE_TRAMPOLINE(TABSTAGE_TURBOJPEG, char *, tjGetErrorStr2, (tjhandle handle), (handle))
