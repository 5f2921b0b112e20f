// File name endings, for telling a file name in a person's text ("report.zip", "notes.md") from a site they named
// (decision 0025). Most come from mime-db 1.54.0 (https://github.com/jshttp/mime-db, db.json: every type's
// `extensions`), the list behind the `mime-types` package, taken whole (1,219 endings of letters and digits) except
// three whose file types are long obsolete while the domain is among the most used: com (DOS executables), org
// (Lotus Organizer) and au (Sun audio). mime-db lists media types, so source, config and data files that have no
// registered type are added by hand (56). A site wrongly taken for a file is only asked about; a file wrongly
// taken for a site would be allowed without a question, so the list errs on the side of endings.

const MIME_DB = [
  'aab aac aam aas abw ac acc ace acu acutc adp adts aep afm afp age ahead ai aif aifc aiff air ait ami aml amlx',
  'amr apk apng appcache appinstaller application appx appxbundle apr arc arj asc asf asm aso asx atc atom atomcat',
  'atomdeleted atomsvc atx avci avcs avi avif aw azf azs azv azw b16 bary bat bcpio bdf bdm bdo bdoc bed bh2 bin',
  'blb blend blorb bmi bmml bmp book box boz bpk brush brushset bsp btf btif buffer bz bz2 c c11amc c11amz c4d c4f',
  'c4g c4p c4u cab caf cap car cat cb7 cba cbr cbt cbz cc cco cct ccxml cdbcmsg cdf cdfx cdkey cdmia cdmic cdmid',
  'cdmio cdmiq cdx cdxml cdy cer cfs cgm chat chm chrt cif cii cil cjs cla class cld clkk clkp clkt clkw clkx clp',
  'cmc cmdf cml cmp cmx cod coffee conf cpio cpl cpp cpt crd crl crt crx cryptonote csh csl csml csp css cst csv cu',
  'curl cwl cww cxt cxx dae daf dart dataless davmount dbf dbk dcm dcmp dcr dcurl dd2 ddd ddf dds deb def deploy',
  'der dfac dgc dib dic dir dis dist distz djv djvu dll dmg dmp dms dna dng doc docm docx dot dotm dotx dp dpg dpx',
  'dra drle drm dsc dssc dtb dtd dts dtshd dump dvb dvi dwd dwf dwg dxf dxp dxr ear ecelp4800 ecelp7470 ecelp9600',
  'ecma edm edx efif ei6 elc emf eml emma emotionml emz eol eot eps epub es3 esa esf et3 etx eva evy exe exi exp',
  'exr ext ez ez2 ez3 f f4v f77 f90 fbs fbx fcdt fcs fdf fdt fg5 fgd fh fh4 fh5 fh7 fhc fig fits flac fli flo flv',
  'flw flx fly fm fnc fo for fpx frame fsc fst ftc fti fvt fxp fxpl fzs g2w g3 g3w gac gam gbr gca gdl gdoc gdraw',
  'ged geo geojson gex gform ggb ggs ggt ghf gif gim gjam glb gltf gmap gml gmx gnumeric gph gpx gqf gqs gram',
  'gramps gre grv grxml gscript gsf gsheet gsite gslides gtar gtm gtw gv gxf gxt gz h h261 h263 h264 hal hbci hbs',
  'hdd hdf heic heics heif heifs hej2 held hh hjson hlp hpgl hpid hps hqx htc htke htm html hvd hvp hvs i2g icc ice',
  'icm ico ics ief ifb ifm iges igl igm igs igx iif img imp ims in ini ink inkml install iota ipfix ipk ipynb irm',
  'irp iso itp its ivp ivu jad jade jaii jais jam jar jardiff java jfif jhc jisp jls jlt jng jnlp joda jp2 jpe jpeg',
  'jpf jpg jpg2 jpgm jpgv jph jpm jpx js json json5 jsonld jsonml jsx jt jxl jxr jxra jxrs jxs jxsc jxsi jxss kar',
  'karbon kdbx key kfo kia kml kmz kne knp kon kpr kpt kpxx ksp ktr ktx ktx2 ktz kwd kwt lasxml latex lbd lbe les',
  'less lgr lha link66 list list3820 listafp litcoffee lnk log lostxml lottie lrf lrm ltf lua luac lvp lwp lzh m13',
  'm14 m1v m21 m2a m2t m2ts m2v m3a m3u m3u8 m4a m4b m4p m4s m4u m4v ma mads maei mag maker man manifest map mar',
  'markdown mathml mb mbk mbox mc1 mcd mcurl md mdb mdi mdx me mesh meta4 metalink mets mfm mft mgp mgz mht mhtml',
  'mid midi mie mif mime mj2 mjp2 mjs mk3d mka mkd mks mkv mlp mmd mmf mml mmr mng mny mobi mods mov movie mp2 mp21',
  'mp2a mp3 mp4 mp4a mp4s mp4v mpc mpd mpe mpeg mpf mpg mpg4 mpga mpkg mpm mpn mpp mpt mpy mqy mrc mrcx ms mscml',
  'mseed mseq msf msg msh msi msix msixbundle msl msm msp msty mtl mts mus musd musicxml mvb mvt mwf mxf mxl mxmf',
  'mxml mxs mxu n3 nb nbp nc ncx nfo ngdat nitf nlu nml nnd nns nnw npx nq nsc nsf nt ntf numbers nzb oa2 oa3 oas',
  'obd obgx obj oda odb odc odf odft odg odi odm odp ods odt oga ogex ogg ogv ogx omdoc one onea onepkg onetmp',
  'onetoc onetoc2 opf opml oprc opus osf osfpvg osm otc otf otg oth oti otp ots ott ova ovf owl oxps oxt p p10 p12',
  'p21 p7b p7c p7m p7r p7s p8 pac pages pas paw pbd pbm pcap pcf pcl pclxl pct pcurl pcx pdb pde pdf pem pfa pfb',
  'pfm pfr pfx pgm pgn pgp php pic pkg pki pkipath pkpass pl plb plc plf pls pm pml png pnm portpkg pot potm potx',
  'ppam ppd ppm pps ppsm ppsx ppt pptm pptx pqa prc pre prf provx ps psb psd psf pskcxml pti ptid pub pvb pwn pya',
  'pyo pyox pyv qam qbo qfx qps qt qwd qwt qxb qxd qxl qxt ra ram raml rapd rar ras rcprofile rdf rdz relo rep res',
  'rgb rif rip ris rl rlc rld rm rmi rmp rms rmvb rnc rng roa roff rp9 rpm rpss rpst rq rs rsat rsd rsheet rss rtf',
  'rtx run rusd s s3m saf sass sbml sc scd scm scq scs scss scurl sda sdc sdd sdkd sdkm sdp sdw sea see seed sema',
  'semd semf senmlx sensmlx ser setpay setreg sfs sfv sgi sgl sgm sgml sh shar shex shf shtml sid sieve sig sil',
  'silo sis sisx sit sitx siv skd skm skp skt sldm sldx slim slm sls slt sm smf smi smil smv smzip snd snf so spc',
  'spdx spf spl spot spp spq spx sql src srt sru srx ssdl sse ssf ssml st stc std step stf sti stk stl stp stpnc',
  'stpx stpxz stpz str stw styl stylus sub sus susp sv4cpio sv4crc svc svd svg svgz swa swf swi swidtag sxc sxd sxg',
  'sxi sxm sxw t t3 t38 taglet tao tap tar tcap tcl td teacher tei teicorpus tex texi texinfo text tfi tfm tfx tga',
  'thmx tif tiff tk tmo toml torrent tpl tpt tr tra trig trm ts tsd tsv ttc ttf ttl ttml twd twds txd txf txt u32',
  'u3d u8dsn u8hdr u8mdn u8msg ubj udeb ufd ufdl ulx umj unityweb uo uoml uri uris urls usda usdz ustar utz uu uva',
  'uvd uvf uvg uvh uvi uvm uvp uvs uvt uvu uvv uvva uvvd uvvf uvvg uvvh uvvi uvvm uvvp uvvs uvvt uvvu uvvv uvvx',
  'uvvz uvx uvz vbox vcard vcd vcf vcg vcs vcx vdi vds vdx vhd vis viv vmdk vob vor vox vrml vsd vsdx vsf vss vst',
  'vsw vtf vtt vtu vtx vxml w3d wad wadl war wasm wav wax wbmp wbs wbxml wcm wdb wdp weba webapp webm webmanifest',
  'webp wg wgsl wgt wif wks wm wma wmd wmf wml wmlc wmls wmlsc wmv wmx wmz woff woff2 wpd wpl wps wqd wri wrl wsc',
  'wsdl wspolicy wtb wvx x32 x3d x3db x3dbz x3dv x3dvz x3dz xaml xap xar xav xbap xbd xbm xca xcs xdcf xdf xdm xdp',
  'xdssc xdw xel xenc xer xfdf xfdl xht xhtm xhtml xhvml xif xla xlam xlc xlf xlm xls xlsb xlsm xlsx xlt xltm xltx',
  'xlw xm xml xns xo xop xpi xpl xpm xpr xps xpw xpx xsd xsf xsl xslt xsm xspf xul xvm xvml xwd xyz xz yaml yang',
  'yin yml ymp z1 z2 z3 z4 z5 z6 z7 z8 zaz zip zir zirz zmm',
].join(' ');

const BY_HAND = [
  'accdb adoc arw avro bak bash bib cfg clj cmake cmd cs db diff env erl ex exs fs gcode go gql gradle graphql hs',
  'ipa jsonl kt kts lock mk ml ndjson nef old parquet patch proto py raw rb rmd rst scala shp sketch sqlite swift',
  'tgz tmp tsx vb vbs vue zsh zst',
].join(' ');

/** Every ending, lower case, without the dot. */
export const FILE_EXTENSIONS: ReadonlySet<string> = new Set(`${MIME_DB} ${BY_HAND}`.split(' '));
