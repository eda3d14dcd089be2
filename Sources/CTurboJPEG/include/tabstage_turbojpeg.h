#ifndef TABSTAGE_TURBOJPEG_H
#define TABSTAGE_TURBOJPEG_H
/* The part of libjpeg-turbo's TurboJPEG API that tabstage calls, declared as turbojpeg.h
 * declares it, so that no command links libturbojpeg: lazy_turbojpeg.c defines each function
 * as a trampoline that loads libturbojpeg.so.0 on the first call (see CLibraryLoader). A
 * command whose scenario names no JPEG never loads it. Scripts/check-library-declarations.sh
 * checks the declarations against turbojpeg.h. */
#include <stddef.h>

#if defined(TABSTAGE_WITH_SYSTEM_HEADERS)
#include <turbojpeg.h>
#else

enum TJSAMP {
  TJSAMP_444 = 0,
  TJSAMP_422,
  TJSAMP_420,
  TJSAMP_GRAY,
  TJSAMP_440,
  TJSAMP_411
};

enum TJPF {
  TJPF_RGB = 0,
  TJPF_BGR,
  TJPF_RGBX,
  TJPF_BGRX,
  TJPF_XBGR,
  TJPF_XRGB,
  TJPF_GRAY,
  TJPF_RGBA,
  TJPF_BGRA,
  TJPF_ABGR,
  TJPF_ARGB,
  TJPF_CMYK,
  TJPF_UNKNOWN = -1
};

enum TJCS {
  TJCS_RGB = 0,
  TJCS_YCbCr,
  TJCS_GRAY,
  TJCS_CMYK,
  TJCS_YCCK
};

#define TJFLAG_BOTTOMUP  2
#define TJFLAG_FASTUPSAMPLE  256
#define TJFLAG_NOREALLOC  1024
#define TJFLAG_FASTDCT  2048
#define TJFLAG_ACCURATEDCT  4096
#define TJFLAG_STOPONWARNING  8192
#define TJFLAG_PROGRESSIVE  16384
#define TJFLAG_LIMITSCANS  32768

typedef struct {
  int num;
  int denom;
} tjscalingfactor;

typedef void *tjhandle;

tjhandle tjInitCompress(void);
int tjCompress2(tjhandle handle, const unsigned char *srcBuf, int width, int pitch, int height, int pixelFormat,
                unsigned char **jpegBuf, unsigned long *jpegSize, int jpegSubsamp, int jpegQual, int flags);
tjhandle tjInitDecompress(void);
int tjDecompressHeader3(tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, int *width, int *height,
                        int *jpegSubsamp, int *jpegColorspace);
tjscalingfactor *tjGetScalingFactors(int *numScalingFactors);
int tjDecompress2(tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize, unsigned char *dstBuf, int width,
                  int pitch, int height, int pixelFormat, int flags);
int tjDestroy(tjhandle handle);
void tjFree(unsigned char *buffer);
char *tjGetErrorStr2(tjhandle handle);

#endif /* TABSTAGE_WITH_SYSTEM_HEADERS */
#endif
